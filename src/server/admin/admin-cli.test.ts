// `npm run admin` as a process: on PGlite through the running app's socket and on the data directory itself when the
// app is not running; on PostgreSQL directly. Every change lands in the audit log.
import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { moderationAudit, users } from "../db/schema";
import { copyOfPgliteTemplate, TEST_DATABASE_URL } from "../test/database";
import { createScratchDatabase } from "../test/postgres";
import { createUser } from "../test/factories";
import { entryArgs } from "../test/built";
import { adminSocketPath, startAdminSocket } from "./admin-socket";

const quiet = { info: () => {}, warn: () => {} };

async function admin(env: Record<string, string>, ...args: string[]) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== "DATABASE_URL" && key !== "DATA_DIR"),
  );
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...entryArgs("admin-cli"), ...args], {
      env: { ...clean, ...env },
      timeout: 60_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe("npm run admin", () => {
  it("grants, lists and revokes on PGlite through the running app's socket, then directly when it has stopped", async () => {
    const dataDir = copyOfPgliteTemplate();
    const env = { DATA_DIR: dataDir };
    const database = await openDatabase({ kind: "pglite", dataDir });
    let socket: Awaited<ReturnType<typeof startAdminSocket>> | undefined;
    try {
      socket = await startAdminSocket(dataDir, database.db, () => new Date(), quiet);
      // Only the machine's user who runs the app can open it.
      expect(statSync(socket.path).mode & 0o777).toBe(0o600);
      expect(statSync(`${dataDir}/admin`).mode & 0o777).toBe(0o700);
      const person = await createUser(database.db, { email: "Mod.Person@example.test" });

      const granted = await admin(env, "grant", "admin", "mod.person@example.test");
      expect(granted).toMatchObject({ code: 0 });
      expect(granted.out).toContain(`${person.username} <Mod.Person@example.test> is now an admin`);
      // Three commands that change nothing, side by side: each process spends most of its time starting, not working.
      const [listed, nobody, usage] = await Promise.all([
        admin(env, "list"),
        admin(env, "grant", "moderator", "nobody@example.test"),
        admin(env, "grant", "emperor", "mod.person@example.test"),
      ]);
      expect(listed.out).toContain(`admin     ${person.username}`);
      expect(nobody.code).toBe(1);
      expect([usage.code, usage.out]).toEqual([2, expect.stringContaining("npm run admin -- grant admin")]);

      const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, person.id));
      expect(row?.role).toBe("admin");
      await socket.close();
      socket = undefined;
      await database.close();

      // The app has stopped: the CLI opens the data directory itself.
      expect(await admin(env, "revoke", "mod.person@example.test")).toMatchObject({ code: 0 });
    } finally {
      await socket?.close();
      await database.close().catch(() => undefined);
    }
    const reopened = await openDatabase({ kind: "pglite", dataDir });
    try {
      const [row] = await reopened.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.email, "Mod.Person@example.test"));
      expect(row?.role).toBe("user");
      const audit = await reopened.db.select().from(moderationAudit).orderBy(moderationAudit.id);
      expect(audit.map((a) => [a.action, a.actorId, a.actorName.startsWith("command line (")])).toEqual([
        ["grant-admin", null, true],
        ["revoke", null, true],
      ]);
      expect(adminSocketPath(dataDir)).toContain(dataDir);
    } finally {
      await reopened.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.skipIf(!TEST_DATABASE_URL)(
    "grants a moderator on PostgreSQL while the app could be running",
    async () => {
      const scratch = await createScratchDatabase(TEST_DATABASE_URL!);
      const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 2 });
      try {
        const person = await createUser(database.db);
        const granted = await admin({ DATABASE_URL: scratch.url }, "grant", "moderator", person.email);
        expect(granted).toMatchObject({ code: 0, out: expect.stringContaining("is now a moderator") });
        const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, person.id));
        expect(row?.role).toBe("moderator");
        const [entry] = await database.db.select().from(moderationAudit);
        expect(entry).toMatchObject({
          action: "grant-moderator",
          targetUserId: person.id,
          details: { from: "user", to: "moderator" },
        });
      } finally {
        await database.close();
        await scratch.drop();
      }
    },
    120_000,
  );
});
