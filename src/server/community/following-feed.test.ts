// The Following feed reads only the stories with the newest events (stories.last_event_at): every page, first and
// deep, equals the one the full gathering of the followed stories' events answers, and every writer keeps the column.
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { FollowingPage } from "../../shared/schemas/community";
import type { Db } from "../db/client";
import { follows, stories, storyChapters, storySubscriptions, userBlocks, users } from "../db/schema";
import type { Viewer } from "../policies/visibility";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession } from "../test/factories";
import { listFollowing } from "./following-feed";

/** Every event of the feed in order: each followed or subscribed story that may be read, and all its events. */
async function everyEvent(
  db: Db,
  viewer: NonNullable<Viewer>,
): Promise<{ key: string; at: string; id: number; k: number }[]> {
  const readable = viewer.isPremium ? sql`true` : sql`s.rating = 'general'`;
  const result = await db.execute(sql`
    with mine as (
      select s.id, s.published_at from stories s
      where s.published and s.moderation_hidden_at is null and ${readable} and s.author_id <> ${viewer.id}
        and not exists (select 1 from users su where su.id = s.author_id and su.suspended_until > now())
        and not exists (select 1 from user_blocks b where b.user_id = ${viewer.id} and b.other_id = s.author_id)
        and (exists (select 1 from follows f where f.follower_id = ${viewer.id} and f.author_id = s.author_id)
          or exists (select 1 from story_subscriptions ss where ss.user_id = ${viewer.id} and ss.story_id = s.id))
    ), events as (
      select 0 as k, id as story_id, published_at as at from mine
      union all
      select 1 + c.n, c.story_id, c.first_published_at from story_chapters c join mine m on m.id = c.story_id
      where c.n > 1 and c.removed_at is null and c.first_published_at > m.published_at + interval '1 second'
    )
    select k, story_id, at from events order by at desc, story_id desc, k desc`);
  return (result as unknown as { rows: { k: number; story_id: number; at: Date | string }[] }).rows.map((row) => ({
    key: `${row.k === 0 ? "story" : "chapter"}:${row.story_id}:${row.k === 0 ? null : row.k - 1}`,
    at: new Date(row.at).toISOString(),
    id: row.story_id,
    k: row.k,
  }));
}

const keys = (page: FollowingPage) => page.items.map((i) => `${i.kind}:${i.storyId}:${i.chapterNumber}`);

function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

describeEachDb("the Following feed", (ctx) => {
  const db = () => ctx().database.db;
  const lastEventAt = async (id: number) =>
    (await db().select({ at: stories.lastEventAt }).from(stories).where(eq(stories.id, id)))[0]!.at?.toISOString() ??
    null;

  it("answers, page by page and from any cursor, exactly the events of every followed story in order", async () => {
    const r = random(7);
    const minute = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000);
    const free = await createUser(db());
    const premium = await createUser(db(), { isPremium: true });
    const authors: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < 14; i++) authors.push(await createUser(db()));
    const [blocked, suspended] = [authors[0]!, authors[1]!];
    await db()
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, suspended.id));
    // NOTE: minutes on a coarse grid, so that several events share a time and the story id and k order them.
    const drafts = Array.from({ length: 120 }, (_, i) => {
      const published = r() < 0.9;
      const at = minute(Math.floor(r() * 400));
      return {
        title: `Story ${i}`,
        authorId: i % 40 === 0 ? free.id : authors[Math.floor(r() * authors.length)]!.id,
        published,
        publishedAt: published ? at : null,
        rating: r() < 0.2 ? "mature" : "general",
        moderationHiddenAt: r() < 0.05 ? at : null,
      };
    });
    const storyIds = (await db().insert(stories).values(drafts).returning({ id: stories.id })).map((row) => row.id);
    // Chapters: with the story, later (several at one time, some cut), or within the second after it.
    const chapterRows = drafts.flatMap((draft, i) => {
      if (!draft.publishedAt) return [];
      let when = draft.publishedAt.getTime();
      return Array.from({ length: 1 + Math.floor(r() * 5) }, (_, c) => {
        const shape = r();
        if (c > 0 && shape < 0.5) when += Math.floor(r() * 200) * 60_000;
        else if (c > 0 && shape < 0.6) when += 500;
        const removedAt = r() < 0.1 ? draft.publishedAt : null;
        return { storyId: storyIds[i]!, n: c + 1, words: 10, firstPublishedAt: new Date(when), removedAt };
      });
    });
    await db().insert(storyChapters).values(chapterRows);
    for (const viewer of [free, premium]) {
      for (const author of authors.slice(0, 9))
        await db().insert(follows).values({ followerId: viewer.id, authorId: author.id });
      await db().insert(userBlocks).values({ userId: viewer.id, otherId: blocked.id, kind: "block" });
      for (const id of storyIds.filter((_, i) => i % 7 === 0)) {
        await db().insert(storySubscriptions).values({ userId: viewer.id, storyId: id });
      }
      // Subscribed to stories of followed authors too: each is one story, not two.
      for (const id of storyIds.filter((_, i) => drafts[i]!.authorId === authors[2]!.id)) {
        await db().insert(storySubscriptions).values({ userId: viewer.id, storyId: id }).onConflictDoNothing();
      }
    }

    for (const viewer of [free, premium]) {
      const all = await everyEvent(db(), viewer);
      expect(all.length).toBeGreaterThan(60);
      for (const limit of [2, 7, 25]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await listFollowing(db(), viewer, { limit, cursor });
          const expected = all.slice(seen.length, seen.length + limit).map((e) => e.key);
          expect(keys(page)).toEqual(expected);
          seen.push(...keys(page));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(seen).toEqual(all.map((e) => e.key));
      }
      // Deep pages from cursors anywhere, as the bench asks them (a time and the largest story id).
      for (let minutes = -1; minutes < 420; minutes += 23) {
        const at = minute(minutes).getTime() + (minutes % 2 === 0 ? 0 : 500);
        for (const cursor of [`${at}_999999999_0`, `${at}_${storyIds[minutes & 63]}_2`]) {
          const [ms, id, k] = cursor.split("_").map(Number) as [number, number, number];
          const below = all.filter(
            (e) => Date.parse(e.at) < ms || (Date.parse(e.at) === ms && (e.id < id || (e.id === id && e.k < k))),
          );
          const page = await listFollowing(db(), viewer, { limit: 5, cursor });
          expect(keys(page)).toEqual(below.slice(0, 5).map((e) => e.key));
        }
      }
    }
  }, 180_000);

  it("keeps last_event_at through publish, new chapters, cuts, unpublish and republish", async () => {
    const HOUR = 3_600_000;
    const session = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const chapter = (n: number) => `<h2>Chapter ${n}</h2><p>Words of chapter ${n}.</p>`;
    const story = await createStory(db(), { authorId: session.user.id, title: "T", content: chapter(1) });
    const call = async (method: "PATCH" | "POST", url: string, body?: unknown) =>
      expect((await send(ctx().app, method, url, body, { cookie: session.cookie })).statusCode).toBe(200);
    const save = (content: string) => call("PATCH", `/api/stories/${story.id}`, { content });
    const publish = () => call("POST", `/api/stories/${story.id}/publish`, { title: "T", description: "D" });

    await save(chapter(1) + chapter(2));
    expect(await lastEventAt(story.id)).toBeNull();
    const t0 = ctx().clock.now().toISOString();
    await publish();
    // Chapter 2 came with the story: the publication is its newest event.
    expect(await lastEventAt(story.id)).toBe(t0);
    ctx().clock.advance(HOUR);
    const t1 = ctx().clock.now().toISOString();
    await save(chapter(1) + chapter(2) + chapter(3));
    expect(await lastEventAt(story.id)).toBe(t1);
    ctx().clock.advance(HOUR);
    const t2 = ctx().clock.now().toISOString();
    await save(chapter(1) + chapter(2) + chapter(3) + chapter(4));
    expect(await lastEventAt(story.id)).toBe(t2);
    // Cut: back to the newest chapter still there; put back: its own date again.
    ctx().clock.advance(HOUR);
    await save(chapter(1) + chapter(2));
    expect(await lastEventAt(story.id)).toBe(t0);
    await save(chapter(1) + chapter(2) + chapter(3) + chapter(4));
    expect(await lastEventAt(story.id)).toBe(t2);
    await call("POST", `/api/stories/${story.id}/unpublish`);
    expect(await lastEventAt(story.id)).toBeNull();
    ctx().clock.advance(HOUR);
    const t3 = ctx().clock.now().toISOString();
    await publish();
    // Published again: the earlier chapters are older than the publication, no longer events.
    expect(await lastEventAt(story.id)).toBe(t3);
  });
});
