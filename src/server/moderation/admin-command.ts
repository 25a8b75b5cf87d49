// What `npm run admin` does, on whichever database it reaches: directly (PostgreSQL, or PGlite when the app is not
// running) or through the running app's socket (admin/admin-socket.ts). Every role change is audited.
import { asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { appendAudit } from "./audit";
import { sessionsChanged } from "../accounts/session-cache";

export const AdminCommand = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("grant"),
    role: z.enum(["admin", "moderator", "wrangler"]),
    email: z.string().min(3).max(320),
  }),
  z.object({ command: z.literal("revoke"), email: z.string().min(3).max(320) }),
  z.object({ command: z.literal("list") }),
]);
export type AdminCommand = z.infer<typeof AdminCommand>;

export type AdminAnswer = { ok: true; message: string } | { ok: false; error: string };

export const USAGE = `Usage:
  npm run admin -- grant admin someone@example.com
  npm run admin -- grant moderator someone@example.com
  npm run admin -- grant wrangler someone@example.com
  npm run admin -- revoke someone@example.com
  npm run admin -- list`;

/** The command line's words as a command, or undefined when they are not one. */
export function parseAdminArgs(args: readonly string[]): AdminCommand | undefined {
  const [command, a, b, ...rest] = args;
  if (rest.length > 0) return undefined;
  const candidate =
    command === "grant"
      ? { command, role: a, email: b }
      : command === "revoke" && b === undefined
        ? { command, email: a }
        : command === "list" && a === undefined
          ? { command }
          : undefined;
  const parsed = AdminCommand.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

/** Who the audit log names for a command-line change: the machine's user who ran it. */
export const commandLineActor = (osUser: string) => `command line (${osUser})`;

export async function runAdminCommand(
  db: Db,
  command: AdminCommand,
  actorName: string,
  now: Date,
): Promise<AdminAnswer> {
  if (command.command === "list") {
    const rows = await db
      .select({ username: users.username, email: users.email, role: users.role })
      .from(users)
      .where(ne(users.role, "user"))
      .orderBy(asc(users.role), asc(users.username));
    if (rows.length === 0) return { ok: true, message: "No moderators or admins yet." };
    return { ok: true, message: rows.map((r) => `${r.role.padEnd(9)} ${r.username} <${r.email}>`).join("\n") };
  }
  const role = command.command === "grant" ? command.role : "user";
  let changed: number | undefined;
  const answer = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${command.email.trim()})`)
      .for("update")
      .limit(1);
    if (!user) return { ok: false as const, error: `No account has the email ${command.email}.` };
    if (user.role === role) {
      return {
        ok: true as const,
        message: `${user.username} <${user.email}> is already ${roleWords(role)}; nothing changed.`,
      };
    }
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    changed = user.id;
    await appendAudit(tx, {
      actorId: null,
      actorName,
      action: command.command === "grant" ? `grant-${role}` : "revoke",
      targetType: "user",
      targetId: String(user.id),
      targetUserId: user.id,
      reason: "Role changed from the command line",
      details: { from: user.role, to: role },
      at: now,
    });
    return {
      ok: true as const,
      message: `${user.username} <${user.email}> is now ${roleWords(role)} (was ${roleWords(user.role)}).`,
    };
  });
  // Issue 19: the person's cached sessions carry the old role; every instance drops them after the commit.
  if (changed !== undefined) await sessionsChanged(db, { userId: changed });
  return answer;
}

const ROLE_WORDS: Record<string, string> = { admin: "an admin", moderator: "a moderator", wrangler: "a wrangler" };
const roleWords = (role: string) => ROLE_WORDS[role] ?? "a user";
