// Work a request starts but does not wait for (account emails): its failure is logged without secrets, never an
// unhandled rejection, and closing the app waits for what is still running so the database outlives it.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

export interface BackgroundTasks {
  /** Starts `task` now (synchronously up to its first await) without making the caller wait for it. */
  run(log: FastifyBaseLogger, what: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has finished. */
  settled(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    background: BackgroundTasks;
  }
}

export function createBackgroundTasks(): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(log, what, task) {
      const done = (async () => task())()
        .catch((error: unknown) => log.error({ err: loggableError(error) }, `${what} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export function registerBackgroundTasks(app: FastifyInstance): void {
  app.decorate("background", createBackgroundTasks());
  app.addHook("onClose", () => app.background.settled());
}

/**
 * What a log may keep of an error: its type, code and message. A failed query's message lists its parameters
 * (token and password hashes), so for those only the database's own reason is kept.
 */
export function loggableError(error: unknown): { type: string; message: string; code?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: "non-Error thrown" };
  const withParams = "params" in error && error.cause instanceof Error;
  const source = withParams ? (error.cause as Error) : error;
  const code = (source as { code?: unknown }).code;
  return { type: error.name, message: source.message, ...(typeof code === "string" ? { code } : {}) };
}
