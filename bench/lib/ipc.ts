// Servers under test run in child processes, so the load generator never shares their event loop.
// This is the small request/answer protocol between run.ts and those children.
import { type ChildProcess, fork } from "node:child_process";

interface Request {
  id: number;
  type: string;
  [key: string]: unknown;
}
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

export interface ServerProcess<Ready> {
  ready: Ready;
  pid: number;
  call<T>(type: string, payload?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

/** Forks a TypeScript entry (through tsx) and waits for its first message, { type: "ready", ... }. */
export async function startServerProcess<Ready>(entry: URL, options: unknown): Promise<ServerProcess<Ready>> {
  const child: ChildProcess = fork(entry, [JSON.stringify(options)], {
    execArgv: ["--import", import.meta.resolve("tsx")],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;

  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${entry.pathname} exited with code ${code} before it was ready`)));
    child.once("message", (message) => resolve(message as Ready));
  });
  child.removeAllListeners("exit");
  child.on("exit", (code) => {
    for (const p of pending.values()) p.reject(new Error(`${entry.pathname} exited with code ${code}`));
    pending.clear();
  });
  child.on("message", (message) => {
    const answer = message as Answer;
    const waiter = pending.get(answer.id);
    if (!waiter) return;
    pending.delete(answer.id);
    if (answer.ok) waiter.resolve(answer.value);
    else waiter.reject(new Error(answer.error));
  });

  return {
    ready,
    pid: child.pid!,
    call<T>(type: string, payload: Record<string, unknown> = {}) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ ...payload, id, type } satisfies Request);
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send({ id: 0, type: "stop" });
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

type Handler = (request: Record<string, unknown>) => Promise<unknown> | unknown;

/** The child's side: announce readiness, answer requests, and run `onStop` before exiting. */
export function serveParent(
  ready: Record<string, unknown>,
  handlers: Record<string, Handler>,
  onStop: () => Promise<void>,
): void {
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= onStop().finally(() => process.exit(0));
    return stopping;
  };
  process.on("message", async (message: Request) => {
    if (message.type === "stop") return void stop();
    const handler = handlers[message.type];
    try {
      if (!handler) throw new Error(`unknown request ${message.type}`);
      process.send!({ id: message.id, ok: true, value: await handler(message) } satisfies Answer);
    } catch (error) {
      process.send!({
        id: message.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies Answer);
    }
  });
  // NOTE: if run.ts dies, the IPC channel closes; a server left behind would hold its port and data dir.
  process.on("disconnect", () => void stop());
  process.send!({ type: "ready", ...ready });
}

/** Reads the options the parent passed as the first argument. */
export function parentOptions<T>(): T {
  return JSON.parse(process.argv[2] ?? "{}") as T;
}
