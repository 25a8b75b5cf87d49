// The notification email worker: one pass finds users with pending notification email that is due, claims each
// user with a lease (an atomic conditional upsert, so two instances never both hold one user), sends one email per
// user and marks what it carried as sent. A crash leaves the lease to expire, and the next pass sends again; a
// failed send backs off per user. Pages of users keep at most one page and one email per user in memory.
import { actorNameShownTo } from "../policies/anonymity";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, inArray, isNull, lte, max, min, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { collections, comments, emailSettings, notifications, stories, users } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { notificationEmail, type EmailItem } from "./compose";
import { isDue } from "./schedule";
import { signUnsubscribeToken } from "./unsubscribe-token";

export const LEASE_MS = 5 * 60 * 1000;
/** Per user after a failed send: 30 s, doubling, at most 30 min. */
export const retryDelayMs = (failures: number) => Math.min(30_000 * 2 ** Math.max(0, failures - 1), 30 * 60 * 1000);
const MAX_ITEMS = 50;

export interface EmailWorkerOptions {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  appUrl: string;
  signingKey: () => Promise<Buffer>;
  /** Names this worker's leases; unique per process by default. */
  instance?: string;
  /** Users looked at per page of a pass. */
  pageSize?: number;
  /** Emails sent at once. */
  concurrency?: number;
}

export interface PassResult {
  emails: number;
  notifications: number;
  failures: number;
  /** Pending notifications dropped because the address is unverified or the user unsubscribed. */
  dropped: number;
  /** The first failed send, which ended the pass early (the mail server is likely down). */
  error?: unknown;
}

type SettingsRow = typeof emailSettings.$inferSelect;

export interface EmailWorker {
  runOnce(): Promise<PassResult>;
}

export function createEmailWorker(options: EmailWorkerOptions): EmailWorker {
  const { db, mailer, now, appUrl, signingKey, pageSize = 100, concurrency = 4 } = options;
  const owner = options.instance ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

  const drop = async (userId: number) => {
    const dropped = await db
      .update(notifications)
      .set({ emailState: "none" })
      .where(and(eq(notifications.userId, userId), eq(notifications.emailState, "pending")))
      .returning({ id: notifications.id });
    return dropped.length;
  };

  const claim = async (userId: number, at: Date): Promise<SettingsRow | undefined> => {
    const [row] = await db
      .insert(emailSettings)
      .values({ userId, leaseUntil: new Date(at.getTime() + LEASE_MS), leaseOwner: owner })
      .onConflictDoUpdate({
        target: emailSettings.userId,
        set: { leaseUntil: new Date(at.getTime() + LEASE_MS), leaseOwner: owner },
        setWhere: or(isNull(emailSettings.leaseUntil), lte(emailSettings.leaseUntil, at)),
      })
      .returning();
    return row;
  };

  const release = (userId: number, set: Partial<SettingsRow>) =>
    db
      .update(emailSettings)
      .set({ leaseUntil: null, leaseOwner: null, ...set })
      .where(and(eq(emailSettings.userId, userId), eq(emailSettings.leaseOwner, owner)));

  /** Sends what is pending for one claimed user; true when an email went out. */
  const deliver = async (userId: number, settings: SettingsRow, oldest: Date, result: PassResult) => {
    const at = now();
    const [user] = await db
      .select({ email: users.email, verified: users.emailVerified, username: users.username })
      .from(users)
      .where(eq(users.id, userId));
    // NOTE: checked again under the lease: an address that stopped being verified, or an unsubscribe since the
    // page was read, must stop this email.
    if (!user?.verified || settings.unsubscribedAt) {
      result.dropped += await drop(userId);
      await release(userId, {});
      return;
    }
    if (!isDue({ ...settings, oldest }, at)) {
      await release(userId, {});
      return;
    }
    const actor = alias(users, "actor");
    const rows = await db
      .select({
        id: notifications.id,
        type: notifications.type,
        chapterN: notifications.chapterNumber,
        milestone: notifications.milestone,
        storyId: notifications.storyId,
        storyTitle: stories.title,
        // Issue 33: a creator of an anonymous work shows as 'Anonymous'.
        actorName: actorNameShownTo(notifications.storyId, notifications.actorId, actor.username, userId),
        collectionTitle: collections.title,
        commentText: sql<string | null>`case when ${comments.deletedAt} is null then ${comments.content} end`,
      })
      .from(notifications)
      .leftJoin(actor, eq(actor.id, notifications.actorId))
      .leftJoin(stories, eq(stories.id, notifications.storyId))
      .leftJoin(comments, eq(comments.id, notifications.commentId))
      .leftJoin(collections, eq(collections.id, notifications.collectionId))
      .where(and(eq(notifications.userId, userId), eq(notifications.emailState, "pending")))
      .orderBy(asc(notifications.id))
      .limit(MAX_ITEMS);
    if (rows.length === 0) {
      await release(userId, {});
      return;
    }
    let more = 0;
    let upTo = rows.at(-1)!.id;
    if (rows.length === MAX_ITEMS) {
      const [total] = await db
        .select({ n: count(), last: max(notifications.id) })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.emailState, "pending")));
      more = Number(total!.n) - rows.length;
      upTo = Number(total!.last);
    }
    const key = await signingKey();
    const token = signUnsubscribeToken(key, { userId, scope: "all", generation: settings.tokenGeneration });
    const message = notificationEmail({
      to: user.email,
      username: user.username,
      cadence: settings.cadence === "daily" ? "daily" : "hourly",
      items: rows as EmailItem[],
      more,
      appUrl,
      unsubscribeUrl: `${appUrl}/unsubscribe?token=${token}`,
    });
    try {
      await mailer.send(message);
    } catch (error) {
      result.failures++;
      const failures = settings.failures + 1;
      // NOTE: the lease becomes the retry time; no owner, so any instance may take it up then.
      await db
        .update(emailSettings)
        .set({ failures, leaseOwner: null, leaseUntil: new Date(now().getTime() + retryDelayMs(failures)) })
        .where(and(eq(emailSettings.userId, userId), eq(emailSettings.leaseOwner, owner)));
      throw error;
    }
    // NOTE: the one unavoidable window: the server has accepted the email and this process dies before the commit
    // below. The lease then expires and the email is sent a second time (at-least-once, never lost).
    const ids = rows.map((r) => r.id);
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(notifications)
        .set({ emailState: "sent" })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.emailState, "pending"),
            more > 0 ? lte(notifications.id, upTo) : inArray(notifications.id, ids),
          ),
        )
        .returning({ id: notifications.id });
      result.notifications += marked.length;
      await tx
        .update(emailSettings)
        .set({ lastSentAt: now(), failures: 0, leaseUntil: null, leaseOwner: null })
        .where(and(eq(emailSettings.userId, userId), eq(emailSettings.leaseOwner, owner)));
    });
    result.emails++;
  };

  const candidates = (after: number) =>
    db
      .select({
        userId: notifications.userId,
        oldest: min(notifications.createdAt),
        verified: users.emailVerified,
        settings: emailSettings,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .leftJoin(emailSettings, eq(emailSettings.userId, notifications.userId))
      .where(and(eq(notifications.emailState, "pending"), gt(notifications.userId, after)))
      .groupBy(notifications.userId, users.id, emailSettings.userId)
      .orderBy(asc(notifications.userId))
      .limit(pageSize);

  return {
    async runOnce() {
      const result: PassResult = { emails: 0, notifications: 0, failures: 0, dropped: 0 };
      let after = 0;
      let failed: unknown;
      for (;;) {
        const page = await candidates(after);
        if (page.length === 0) break;
        after = page.at(-1)!.userId;
        const at = now();
        const due: { userId: number; oldest: Date }[] = [];
        for (const row of page) {
          const oldest = new Date(row.oldest!);
          if (!row.verified || row.settings?.unsubscribedAt) {
            result.dropped += await drop(row.userId);
            continue;
          }
          const settings = row.settings;
          if (settings?.leaseUntil && settings.leaseUntil > at) continue;
          const schedule = { cadence: "hourly", timeZone: "UTC", lastSentAt: null, ...settings, oldest };
          if (isDue(schedule, at)) due.push({ userId: row.userId, oldest });
        }
        // Sends `concurrency` emails at a time; the first failure ends the pass (the mail server is likely down).
        const queue = [...due];
        const lane = async () => {
          for (let next = queue.shift(); next && !failed; next = queue.shift()) {
            const claimed = await claim(next.userId, now());
            if (!claimed) continue;
            await deliver(next.userId, claimed, next.oldest, result).catch((error: unknown) => {
              failed ??= error;
            });
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, lane));
        if (failed || page.length < pageSize) break;
      }
      return failed ? { ...result, error: failed } : result;
    },
  };
}
