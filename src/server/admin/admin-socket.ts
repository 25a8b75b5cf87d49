// The running app's door for `npm run admin` on the embedded database (PGlite allows one process): a Unix socket in
// DATA_DIR/admin/, the directory 0700 and the socket 0600, so only the machine's user who runs the app can open it.
// The protocol is one JSON line each way: the CLI sends {"command": …, "actor": "<os user>"}, the app answers
// {"ok": true, "message": …} or {"ok": false, "error": …} and closes the connection.
import { chmodSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { writeSnapshot } from "../db/backup";
import type { Db } from "../db/client";
import { type AdminAnswer, AdminCommand, commandLineActor, runAdminCommand } from "../moderation/admin-command";

export const adminSocketPath = (dataDir: string) => join(dataDir, "admin", "admin.sock");

const MAX_LINE = 4096;

export interface AdminSocket {
  path: string;
  close(): Promise<void>;
}

export async function startAdminSocket(
  dataDir: string,
  db: Db,
  now: () => Date,
  log: Pick<FastifyBaseLogger, "info" | "warn">,
  /** The database's consistent snapshot, for `npm run backup` while the app runs (db/backup.ts). */
  snapshot?: () => Promise<Blob>,
): Promise<AdminSocket> {
  const path = adminSocketPath(dataDir);
  const dir = join(dataDir, "admin");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  // The data-dir lock is ours, so a socket file left here is a crashed run's.
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_LINE) return answer(socket, { ok: false, error: "Command too long" });
      const end = buffer.indexOf("\n");
      if (end === -1) return;
      const line = buffer.slice(0, end);
      socket.pause();
      handle(line)
        .then((reply) => answer(socket, reply))
        .catch((error: unknown) => {
          log.warn({ err: error }, "admin command failed");
          answer(socket, { ok: false, error: "The command failed; see the app's log." });
        });
    });
  });
  const handle = async (line: string): Promise<AdminAnswer> => {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return { ok: false, error: "Not a JSON line" };
    }
    if (snapshot && isBackup(message)) {
      const written = await writeSnapshot(snapshot, message.dir, now());
      log.info({ backup: written }, "backup written");
      return { ok: true, message: `Backup written to ${written.path} (${written.bytes} bytes).` };
    }
    const parsed = AdminCommand.safeParse(message);
    if (!parsed.success) return { ok: false, error: "Unknown command" };
    const actor = (message as { actor?: unknown }).actor;
    const name = typeof actor === "string" && /^[\w.-]{1,64}$/.test(actor) ? actor : "unknown";
    return runAdminCommand(db, parsed.data, commandLineActor(name), now());
  };
  await listen(server, path);
  chmodSync(path, 0o600);
  log.info(`admin socket at ${path}`);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

/** {"command": "backup", "dir": …}: the CLI names the directory; only the app's own user can reach the socket. */
function isBackup(message: unknown): message is { command: "backup"; dir: string } {
  const m = message as { command?: unknown; dir?: unknown } | null;
  return m?.command === "backup" && typeof m.dir === "string" && m.dir.length > 0 && m.dir.length < 1024;
}

function answer(socket: import("node:net").Socket, reply: AdminAnswer): void {
  socket.end(`${JSON.stringify(reply)}\n`);
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * The CLI's side: sends one command, answers the app's reply; undefined when no app listens (no socket file, or a
 * stale one nobody accepts on), so the CLI opens the data directory itself.
 */
export function sendAdminCommand(path: string, message: unknown, timeoutMs = 30_000): Promise<AdminAnswer | undefined> {
  if (!existsSync(path)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let buffer = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("The app did not answer in time")));
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(message)}\n`);
    });
    socket.on("data", (chunk: string) => {
      buffer += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(buffer.trim()) as AdminAnswer);
      } catch {
        reject(new Error("The app's answer was not understood"));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ECONNREFUSED" || error.code === "ENOENT")) resolve(undefined);
      else reject(error);
    });
  });
}
