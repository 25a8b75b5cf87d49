// Deleting an account (issue 18): confirmations, the provider cancel first, one transaction that leaves no row
// naming the person (every table walked), orphaned stories and '[deleted user]' comments, caches dropped at once,
// the name held for 30 days, and a failure halfway leaving the account whole.
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { PaymentsDriver } from "../billing/payments";
import { ACCOUNT_DELETION_CANCEL_FAILED } from "../billing/payments";
import { ProviderError } from "../billing/provider-error";
import type { Db } from "../db/client";
import type { FanOutEvent } from "../db/schema";
import {
  moderationAudit,
  comments,
  emailChanges,
  images,
  notifications,
  notificationSettings,
  outboxEvents,
  readingProgress,
  reports,
  stories,
  usernameHolds,
  users,
} from "../db/schema";
import { recordEvent } from "../events/outbox";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { processImage } from "../images/process-image";
import { fullObject, storeImage, thumbObject } from "../images/store-image";
import { solidImage } from "../test/images";
import { USERNAME_MISMATCH } from "./delete-account";
import { WRONG_CURRENT_PASSWORD } from "../accounts/reauth";
import { DELETED_USERNAME, ORPHAN_USERNAME } from "../accounts/system-accounts";
import { createVerifiedAccount, freshIp, GOOD_PASSWORD, logInCookie, newAccount, sendFrom } from "../test/accounts";

const cancels: string[] = [];
let providerDown = false;
const unused = () => Promise.reject(new Error("not used here"));
const payments: PaymentsDriver = {
  kind: "stripe",
  createCheckoutSession: unused,
  createPortalSession: unused,
  async cancelSubscriptionNow(user) {
    if (providerDown) throw new ProviderError(ACCOUNT_DELETION_CANCEL_FAILED, { code: "api_connection_error" });
    cancels.push(user.subscriptionId!);
  },
};

/**
 * Every row of every table in the database that names the user: a column that points at users (by foreign key, or
 * by a name that says so) holding their id, or any text (json and arrays as text) holding their username, email or
 * a key built from their id. Tables added later are walked too.
 */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function rowsNaming(db: Db, user: { id: number; username: string; email: string }) {
  const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`
    select c.table_name, c.column_name, c.data_type from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not like '__drizzle%'`,
  );
  const fks = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`
    select kcu.table_name, kcu.column_name from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.table_schema = 'public'
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.constraint_name
    where ccu.table_name = 'users' and ccu.column_name = 'id'`,
  );
  const pointsAtUsers = new Set(fks.map((f) => `${f.table_name}.${f.column_name}`));
  const userish =
    /(^|_)(user|author|actor|owner|reporter|follower|referrer|moderator|blocker|blocked|muter|muted|target_user)(_id)?$|_by$/;
  const found: string[] = [];
  const tables = new Set(columns.map((c) => c.table_name));
  expect(tables.size).toBeGreaterThan(30);
  for (const c of columns) {
    const table = sql.identifier(c.table_name);
    const column = sql.identifier(c.column_name);
    let where: ReturnType<typeof sql> | undefined;
    if (["integer", "bigint", "smallint"].includes(c.data_type)) {
      if (
        pointsAtUsers.has(`${c.table_name}.${c.column_name}`) ||
        (c.table_name !== "users" && userish.test(c.column_name))
      ) {
        where = sql`${column} = ${user.id}`;
      } else if (c.table_name === "users" && c.column_name === "id") where = sql`${column} = ${user.id}`;
    } else if (["text", "character varying", "jsonb", "json", "ARRAY"].includes(c.data_type)) {
      const text = sql`lower(${column}::text)`;
      where = sql`(${text} like ${`%${user.username.toLowerCase()}%`} or ${text} like ${`%${user.email.toLowerCase()}%`}
        or ${text} ~ ${`^[a-z0-9-]+:${user.id}(:|$)`})`;
    }
    if (!where) continue;
    const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${table} where ${where}`);
    if (Number(count!.n) > 0) found.push(`${c.table_name}.${c.column_name} (${count!.n})`);
  }
  return found;
}

describeEachDb(
  "deleting an account",
  (ctx) => {
    const app = () => ctx().app;
    const db = () => ctx().database.db;
    const call = (method: "GET" | "POST" | "DELETE", url: string, cookie: string, body?: unknown) =>
      send(app(), method, url, body, { cookie });
    const userRow = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;
    const now = () => ctx().clock.now();

    /** A writer with a little of everything: stories, a draft, comments, likes, follows, images, history … */
    async function busyWriter() {
      // A high id, so a key naming it (`follower:{id}`) is told apart from small ids of other things.
      await db().execute(
        sql`select setval('users_id_seq', (select greatest(max(id), 0) from users) + ${700_000 + Math.floor(Math.random() * 200_000)})`,
      );
      const account = await createVerifiedAccount(app(), ctx().mailer);
      const cookie = await logInCookie(app(), account);
      const user = await userRow(account.email);
      const other = await createVerifiedUserWithSession(db());
      const othersStory = await createStory(db(), { authorId: other.user.id, published: true, publishedAt: now() });
      const [cover] = await db()
        .insert(images)
        .values(
          ["a", "b"].map((n) => ({
            id: `${n}${user.id}${"0".repeat(60)}`.slice(0, 64),
            ownerId: user.id,
            mimeType: "image/webp",
            width: 1,
            height: 1,
            data: Buffer.from("x"),
            thumbnail: Buffer.from("x"),
          })),
        )
        .returning();
      const kept = await createStory(db(), {
        authorId: user.id,
        title: "The Lighthouse Keeper",
        content: "<h2>Chapter 1: Fog</h2><p>It rolled in.</p>",
        published: true,
        publishedAt: now(),
        coverImageId: cover!.id,
      });
      const draft = await createStory(db(), { authorId: user.id, title: "Unfinished" });
      const top = await call("POST", `/api/stories/${othersStory.id}/comments`, cookie, {
        content: "Loved the ending.",
      });
      expect(top.statusCode, top.body).toBe(201);
      const reply = await call("POST", `/api/stories/${othersStory.id}/comments`, other.cookie, {
        content: "Thank you!",
        parentId: top.json().id,
      });
      expect(reply.statusCode, reply.body).toBe(201);
      await call("POST", `/api/stories/${kept.id}/comments`, cookie, { content: "Author's note: more soon." });
      for (const path of ["like", "bookmark", "subscription"]) {
        expect((await call("POST", `/api/stories/${othersStory.id}/${path}`, cookie)).statusCode).toBeLessThan(300);
      }
      expect((await call("POST", `/api/authors/${other.user.username}/follow`, cookie)).statusCode).toBe(200);
      expect((await call("POST", `/api/authors/${user.username}/follow`, other.cookie)).statusCode).toBe(200);
      await db().insert(readingProgress).values({
        userId: user.id,
        storyId: othersStory.id,
        chapter: 1,
        position: 0.5,
        overall: 0.5,
        updatedAt: now(),
      });
      await db().insert(notificationSettings).values({ userId: user.id, type: "comment", channel: "email" });
      await call("POST", "/api/account/email", cookie, {
        newEmail: `next_${user.id}@example.com`,
        currentPassword: GOOD_PASSWORD,
      });
      await sendFrom(app(), freshIp(), "POST", "/api/forgot-password", { email: account.email });
      await db()
        .insert(reports)
        .values([
          {
            reporterId: user.id,
            targetType: "story",
            targetId: String(othersStory.id),
            targetUserId: other.user.id,
            reason: "spam",
          },
          {
            reporterId: other.user.id,
            targetType: "story",
            targetId: String(kept.id),
            targetUserId: user.id,
            reason: "other",
            decidedBy: user.id,
          },
        ]);
      // As a moderator they acted (the audit log keeps the entry, forgetting who), and were acted on.
      await db()
        .insert(moderationAudit)
        .values([
          {
            actorId: user.id,
            actorName: user.username,
            action: "dismiss",
            targetType: "story",
            targetId: String(othersStory.id),
            targetUserId: other.user.id,
            reason: "Not against the rules",
          },
          {
            actorId: other.user.id,
            actorName: other.user.username,
            action: "set-rating",
            targetType: "story",
            targetId: String(kept.id),
            targetUserId: user.id,
            reason: "Wrongly rated",
          },
        ]);
      // They block someone (their own rows go with the account).
      await call("POST", `/api/blocks/${other.user.username}`, cookie);
      await app().background.settled();
      // Fan-outs they caused that have not run yet (as when the request's own run failed), and one of someone else's.
      const { id: othersDraft } = await createStory(db(), { authorId: other.user.id });
      for (const event of [
        { name: "user.followed", authorId: other.user.id, followerId: user.id },
        { name: "story.like_milestone", storyId: othersStory.id, likeCount: 10, likerId: user.id },
        { name: "comment.created", commentId: top.json().id },
        { name: "story.first_published", storyId: kept.id },
        { name: "chapters.published", storyId: kept.id, chapters: [2] },
        { name: "story.first_published", storyId: othersDraft },
      ] satisfies FanOutEvent[]) {
        await recordEvent(db(), event, now());
      }
      // An upload they never used: its bytes are in the image storage (decision 0036).
      const unusedUpload = await storeImage(
        db(),
        ctx().deps.imageStorage,
        await processImage(await solidImage("png", 8, 8, `#${(user.id % 4096).toString(16).padStart(3, "0")}`)),
        user.id,
      );
      const [{ key: uploadKey }] = (await db()
        .select({ key: images.storageKey })
        .from(images)
        .where(eq(images.id, unusedUpload))) as [{ key: string }];
      return {
        uploadKey,
        account,
        cookie,
        user,
        other,
        othersStory,
        kept,
        draft,
        topId: top.json().id as number,
        replyId: reply.json().id as number,
      };
    }

    it("orphans the published stories, keeps comments as '[deleted user]', and leaves no row naming the person", async () => {
      cancels.length = 0;
      const w = await busyWriter();
      // Caches hold the byline before the deletion.
      const readBefore = await app().inject({ method: "GET", url: `/api/stories/${w.kept.id}/read` });
      expect(readBefore.json().author.username).toBe(w.user.username);
      const pageBefore = await app().inject({ method: "GET", url: `/s/${w.kept.id}` });
      const pageUrl = pageBefore.headers.location ? String(pageBefore.headers.location) : `/s/${w.kept.id}`;
      expect((await app().inject({ method: "GET", url: pageUrl })).body).toContain(w.user.username);
      const [likedBefore] = await db()
        .select({ likes: stories.likeCount, bookmarks: stories.bookmarkCount })
        .from(stories)
        .where(eq(stories.id, w.othersStory.id));
      expect(likedBefore).toEqual({ likes: 1, bookmarks: 1 });
      expect(await rowsNaming(db(), w.user)).not.toEqual([]);

      const wrongName = await call("DELETE", "/api/account", w.cookie, {
        username: "someone_else",
        currentPassword: GOOD_PASSWORD,
        stories: "orphan",
      });
      expect(wrongName.statusCode).toBe(400);
      expect(wrongName.json()).toMatchObject({ code: "USERNAME_MISMATCH", message: USERNAME_MISMATCH });
      const wrongPassword = await call("DELETE", "/api/account", w.cookie, {
        username: w.user.username,
        currentPassword: "Wr0ng!Pass",
        stories: "orphan",
      });
      expect(wrongPassword.json()).toMatchObject({ message: WRONG_CURRENT_PASSWORD });
      const badFate = await call("DELETE", "/api/account", w.cookie, {
        username: w.user.username,
        currentPassword: GOOD_PASSWORD,
        stories: "keep",
      });
      expect(badFate.statusCode).toBe(400);
      // Another user's session deletes only its own account: no route names a user.
      expect((await call("GET", "/api/user", w.cookie)).statusCode).toBe(200);

      const deleted = await call("DELETE", "/api/account", w.cookie, {
        username: w.user.username.toUpperCase(),
        currentPassword: GOOD_PASSWORD,
        stories: "orphan",
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.cookies.find((c) => c.name === "ff_session")?.value).toBe("");
      expect(await rowsNaming(db(), w.user)).toEqual([]);
      // Only the other person's pending fan-out is left: theirs would have notified in the name of no one.
      expect((await db().select({ event: outboxEvents.event }).from(outboxEvents)).map((r) => r.event)).toEqual([
        { name: "story.first_published", storyId: expect.any(Number) },
      ]);
      // The audit log kept both entries: the one they made reads '[deleted user]'.
      const audit = await db()
        .select({ actorName: moderationAudit.actorName, action: moderationAudit.action })
        .from(moderationAudit)
        .where(sql`${moderationAudit.targetId} in (${String(w.othersStory.id)}, ${String(w.kept.id)})`)
        .orderBy(moderationAudit.id);
      expect(audit).toEqual([
        { actorName: "[deleted user]", action: "dismiss" },
        { actorName: w.other.user.username, action: "set-rating" },
      ]);
      expect((await call("GET", "/api/user", w.cookie)).statusCode).toBe(401);
      expect((await sendFrom(app(), freshIp(), "POST", "/api/login", w.account)).statusCode).toBe(401);
      expect(cancels).toEqual([]);

      // The story stays, under orphan_account, in the cached views too; the draft is gone.
      const [orphaned] = await db()
        .select({ author: users.username })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .where(eq(stories.id, w.kept.id));
      expect(orphaned?.author).toBe(ORPHAN_USERNAME);
      expect((await db().select().from(stories).where(eq(stories.id, w.draft.id))).length).toBe(0);
      expect(
        (await app().inject({ method: "GET", url: `/api/stories/${w.kept.id}/read` })).json().author.username,
      ).toBe(ORPHAN_USERNAME);
      const pageAfter = (await app().inject({ method: "GET", url: pageUrl })).body;
      expect(pageAfter).toContain(ORPHAN_USERNAME);
      expect(pageAfter).not.toContain(w.user.username);
      expect((await app().inject({ method: "GET", url: `/u/${w.user.username}` })).statusCode).toBe(404);
      // The cover the orphaned story shows stays (without an owner); the unused image went.
      expect(
        await db()
          .select({ id: images.id, owner: images.ownerId })
          .from(images)
          .where(eq(images.id, w.kept.coverImageId!)),
      ).toEqual([{ id: w.kept.coverImageId, owner: null }]);
      // The unused upload's bytes went with its row.
      expect(await ctx().deps.imageStorage.exists(fullObject(w.uploadKey))).toBe(false);
      expect(await ctx().deps.imageStorage.exists(thumbObject(w.uploadKey))).toBe(false);

      // The thread reads as before, the comment under '[deleted user]'.
      const thread = (await app().inject({ method: "GET", url: `/api/stories/${w.othersStory.id}/comments` })).json();
      expect(thread.items).toMatchObject([
        { id: w.topId, content: "Loved the ending.", author: { username: DELETED_USERNAME } },
        { id: w.replyId, parentId: w.topId, content: "Thank you!", author: { username: w.other.user.username } },
      ]);
      const [likedAfter] = await db()
        .select({ likes: stories.likeCount, bookmarks: stories.bookmarkCount })
        .from(stories)
        .where(eq(stories.id, w.othersStory.id));
      expect(likedAfter).toEqual({ likes: 0, bookmarks: 0 });
      // Reports stay in the queue without the person.
      const kept = await db()
        .select({ reporter: reports.reporterId, target: reports.targetUserId })
        .from(reports)
        .where(eq(reports.targetId, String(w.kept.id)));
      expect(kept).toEqual([{ reporter: w.other.user.id, target: null }]);
      // The other person's notification of the follow reads as from someone.
      const othersNotes = await db()
        .select({ type: notifications.type, actor: notifications.actorId })
        .from(notifications)
        .where(eq(notifications.userId, w.other.user.id));
      expect(othersNotes.length).toBeGreaterThan(0);
      expect(othersNotes.every((n) => n.actor === null && n.type !== "new_follower")).toBe(true);

      // The name is held for 30 days, then free.
      const again = newAccount({ username: w.user.username });
      expect((await sendFrom(app(), freshIp(), "POST", "/api/register", again)).statusCode).toBe(409);
      await db().update(usernameHolds).set({ heldUntil: sql`now() - interval '1 second'` });
      expect((await sendFrom(app(), freshIp(), "POST", "/api/register", again)).statusCode).toBe(200);
      // Nobody can sign in as the system accounts.
      expect((await db().select().from(users).where(eq(users.username, ORPHAN_USERNAME)))[0]).toMatchObject({
        password: null,
        googleId: null,
      });
    });

    it("deletes the published stories when asked, and cancels Plus with the provider first", async () => {
      cancels.length = 0;
      const account = await createVerifiedAccount(app(), ctx().mailer);
      const cookie = await logInCookie(app(), account);
      const user = await userRow(account.email);
      const story = await createStory(db(), { authorId: user.id, published: true, publishedAt: now() });
      await db()
        .update(users)
        .set({
          isPremium: true,
          subscriptionId: `sub_${user.id}`,
          subscriptionStatus: "active",
          stripeCustomerId: `cus_${user.id}`,
        })
        .where(eq(users.id, user.id));
      const body = { username: account.username, currentPassword: GOOD_PASSWORD, stories: "delete" };

      providerDown = true;
      const refused = await call("DELETE", "/api/account", cookie, body);
      providerDown = false;
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ message: ACCOUNT_DELETION_CANCEL_FAILED });
      expect((await call("GET", "/api/user", cookie)).statusCode).toBe(200);

      const deleted = await call("DELETE", "/api/account", cookie, body);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(cancels).toEqual([`sub_${user.id}`]);
      expect(await db().select().from(stories).where(eq(stories.id, story.id))).toEqual([]);
      expect((await app().inject({ method: "GET", url: `/api/stories/${story.id}/read` })).statusCode).toBe(404);
      expect(await rowsNaming(db(), user)).toEqual([]);
    });

    it("leaves the account whole when the transaction fails halfway", async () => {
      const w = await busyWriter();
      // The last step (removing the user row) fails, after stories were orphaned and comments moved.
      await db().execute(
        sql.raw(`create or replace function ff_refuse_delete() returns trigger language plpgsql as $$
        begin raise exception 'injected failure'; end $$`),
      );
      await db().execute(
        sql.raw(`create trigger ff_refuse_delete before delete on users for each row
        when (old.id = ${w.user.id}) execute function ff_refuse_delete()`),
      );
      try {
        const failed = await call("DELETE", "/api/account", w.cookie, {
          username: w.user.username,
          currentPassword: GOOD_PASSWORD,
          stories: "orphan",
        });
        expect(failed.statusCode).toBe(500);
      } finally {
        await db().execute(sql.raw("drop trigger ff_refuse_delete on users"));
      }
      expect((await call("GET", "/api/user", w.cookie)).statusCode).toBe(200);
      const mine = await db().select({ id: stories.id }).from(stories).where(eq(stories.authorId, w.user.id));
      expect(mine.map((s) => s.id).sort()).toEqual([w.kept.id, w.draft.id].sort());
      const [comment] = await db().select({ author: comments.authorId }).from(comments).where(eq(comments.id, w.topId));
      expect(comment?.author).toBe(w.user.id);
      expect((await db().select().from(emailChanges).where(eq(emailChanges.userId, w.user.id))).length).toBe(1);
      expect((await db().select().from(images).where(eq(images.ownerId, w.user.id))).length).toBe(3);
      expect(await ctx().deps.imageStorage.exists(fullObject(w.uploadKey))).toBe(true);
    });
  },
  { payments },
);
