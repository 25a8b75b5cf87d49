// The notification fan-out bench's data (bench/notify-fanout.ts): an author whose story, published through the app,
// has `subscribers` subscribers made with INSERT … SELECT generate_series (100,000 in a few seconds), with the mix a
// crowd has: half without a verified address, a tenth with new chapters off and a tenth in the app only, one in a
// hundred blocking the author, one in a hundred banned. Another author's story takes the concurrent saves.
import type { FastifyInstance } from "fastify";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../../src/server/test/factories";

export interface FanOutSeed {
  /** The story whose chapters are fanned out, by `author`. */
  storyId: number;
  author: UserWithSession;
  /** Another author's published story, saved while the fan-out runs. */
  otherStoryId: number;
  other: UserWithSession;
  /** A subscriber who reads (the story, their notifications) while the fan-out runs. */
  reader: UserWithSession;
  /** Subscribers (bulk plus the reader). */
  subscribers: number;
  /** What each chapter's fan-out must write, counted from the seeded rows. */
  expected: { notifications: number; pending: number };
  seedMs: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A story's HTML with chapters 1…n (each a heading and a paragraph). */
export const chaptersHtml = (n: number) =>
  Array.from({ length: n }, (_, i) => `<h2>Chapter ${i + 1}</h2><p>The words of chapter ${i + 1}.</p>`).join("");

/** A request as the browser client sends it (same origin, JSON), through the app's whole stack but the socket. */
export function call(
  app: FastifyInstance,
  method: "GET" | "POST" | "PATCH",
  url: string,
  who?: UserWithSession,
  body?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: {
      origin: app.deps.config.APP_URL,
      ...(who ? who.headers : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function send(app: FastifyInstance, who: UserWithSession, url: string, body?: unknown) {
  const res = await call(app, "POST", url, who, body);
  if (res.statusCode !== 200) throw new Error(`POST ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
}

export async function seedFanOut(app: FastifyInstance, db: Db, subscribers: number): Promise<FanOutSeed> {
  const started = performance.now();
  const [author, other, reader] = [
    await createVerifiedUserWithSession(db),
    await createVerifiedUserWithSession(db),
    await createVerifiedUserWithSession(db),
  ];
  // Published through the app, so chapter 1 is recorded as the engine records it.
  const draft = await createStory(db, { authorId: author.user.id, content: chaptersHtml(1) });
  const body = { title: "The fan-out bench", description: "Told in parts.", tags: [] };
  await send(app, author, `/api/stories/${draft.id}/publish`, body);
  const otherStory = await createStory(db, {
    authorId: other.user.id,
    published: true,
    publishedAt: new Date(),
    content: "<p>Saved again and again.</p>",
  });
  await send(app, reader, `/api/stories/${draft.id}/subscription`);

  const tag = randomBytes(3).toString("hex");
  const made = await db.execute(sql`
    with made as (
      insert into users (username, email, email_verified, suspended_until)
      select 'fo' || ${tag} || '_' || i, 'fo' || ${tag} || '_' || i || '@bench.ficforge.local', i % 2 = 0,
        case when i % 100 = 7 then '9999-12-31'::timestamptz end
      from generate_series(1, ${subscribers - 1}::int) i
      returning id)
    select min(id)::int as first, max(id)::int as last from made`);
  const [range] = rowsOf<{ first: number; last: number }>(made);
  const inRange = sql`u.id between ${range!.first} and ${range!.last}`;
  await db.execute(sql`insert into story_subscriptions (user_id, story_id)
    select u.id, ${draft.id}::int from users u where ${inRange}`);
  await db.execute(sql`insert into notification_settings (user_id, type, channel)
    select u.id, 'new_chapter', case when u.id % 10 = 0 then 'off' else 'app' end from users u
    where ${inRange} and u.id % 10 in (0, 5)`);
  await db.execute(sql`insert into user_blocks (user_id, other_id, kind)
    select u.id, ${author.user.id}::int, 'block' from users u where ${inRange} and u.id % 100 = 3`);
  // An archive's notifications table is not empty: each subscriber already holds one (an earlier story's), so the
  // rounds measure a fan-out into a table with statistics, as autovacuum keeps them (it is off on this machine).
  await db.execute(sql`insert into notifications (user_id, type, actor_id, story_id, dedupe_key)
    select u.id, 'new_story', ${other.user.id}::int, ${otherStory.id}::int, 'story:' || ${otherStory.id}::int
    from users u where ${inRange}`);
  await analyze(db);
  return {
    storyId: draft.id,
    author,
    otherStoryId: otherStory.id,
    other,
    reader,
    subscribers,
    expected: await expectedRecipients(db, draft.id, author.user.id),
    seedMs: performance.now() - started,
  };
}

/**
 * Statistics after a bulk load, as autovacuum would gather them (otherwise the planner believes the tables empty):
 * of everything, or of the notifications a round added.
 */
export async function analyze(db: Db, only?: "notifications"): Promise<void> {
  await db.execute(only ? sql`analyze notifications` : sql`analyze`);
}

/** Counted from the rows, apart from the app's query: who may hear of a new chapter, and who by email. */
async function expectedRecipients(db: Db, storyId: number, authorId: number) {
  const result = await db.execute(sql`
    select count(*)::int as notifications,
      count(*) filter (where u.email_verified and coalesce(ns.channel, 'email') = 'email')::int as pending
    from story_subscriptions ss
    join users u on u.id = ss.user_id
    left join notification_settings ns on ns.user_id = u.id and ns.type = 'new_chapter'
    where ss.story_id = ${storyId} and coalesce(ns.channel, 'email') <> 'off'
      and not exists (select 1 from user_blocks b where b.user_id = u.id and b.other_id = ${authorId})
      and (u.suspended_until is null or u.suspended_until <= now())`);
  return rowsOf<{ notifications: number; pending: number }>(result)[0]!;
}

/** What a chapter's fan-out wrote: rows, distinct recipients, and email queued. */
export async function chapterNotifications(db: Db, storyId: number, chapter: number) {
  const result = await db.execute(sql`
    select count(*)::int as rows, count(distinct user_id)::int as recipients,
      count(*) filter (where email_state = 'pending')::int as pending
    from notifications where dedupe_key = ${`chapter:${storyId}:${chapter}`}`);
  return rowsOf<{ rows: number; recipients: number; pending: number }>(result)[0]!;
}

/**
 * The chunks a chapter's fan-out committed, from its rows: a row's created_at is its transaction's start, so each
 * chunk has one. The gap from one chunk's start to the next is the chunk's time plus the pause.
 */
export async function chapterChunks(db: Db, storyId: number, chapter: number) {
  const result = await db.execute(sql`
    with starts as (select distinct created_at as t from notifications
        where dedupe_key = ${`chapter:${storyId}:${chapter}`}),
      gaps as (select extract(epoch from t - lag(t) over (order by t)) * 1000 as ms from starts)
    select (select count(*) from starts)::int as n,
      coalesce(percentile_cont(0.5) within group (order by ms), 0)::float8 as "gapP50",
      coalesce(max(ms), 0)::float8 as "gapMax"
    from gaps where ms is not null`);
  return rowsOf<{ n: number; gapP50: number; gapMax: number }>(result)[0]!;
}

/** Whether the story's chapters.published events are all delivered (their outbox rows gone). */
export async function outboxEmpty(db: Db, storyId: number): Promise<boolean> {
  const result = await db.execute(sql`select count(*)::int as n from outbox_events
    where event->>'name' = 'chapters.published' and (event->>'storyId')::int = ${storyId}`);
  return rowsOf<{ n: number }>(result)[0]!.n === 0;
}
