// Fills a database with bench data: users, published stories (plus drafts), tags, covers and reactions.
// Multi-row inserts in batches inside one transaction, so a seed either lands whole or not at all.
import { count, inArray, like } from "drizzle-orm";
import { hashPassword, PASSWORD_COST } from "../../src/server/accounts/passwords";
import type { Db } from "../../src/server/db/client";
import { bookmarks, comments, likes, stories, storyTags, tags, users } from "../../src/server/db/schema";
import { DEMO_STORIES } from "../../src/server/demo/demo-stories";
import { renderDemoCover } from "../../src/server/demo/seed-demo";
import { processImage } from "../../src/server/images/process-image";
import type { ImageStorage } from "../../src/server/images/storage/driver";
import { storeImage } from "../../src/server/images/store-image";
import { ALL_TAGS } from "../../src/shared/catalogues";
import { type Author, BENCH_EMAIL_DOMAIN, fakeReactions, fakeStory, fakeUser, type StoryRow } from "./fake-rows";
import { checkSample } from "./check-rows";
import { insertColumns } from "./insert-columns";
import { createRandom } from "./random";

/** Every bench user signs in with this password (it passes the registration rules). */
export const BENCH_PASSWORD = "Bench-pass1!";

export interface SeedOptions {
  /** Published stories (default 10,000). */
  stories?: number;
  /** Authors and readers (default one per ten stories, at least 10). */
  users?: number;
  /** Unpublished drafts on top of the published stories (default one per ten). */
  drafts?: number;
  /** Distinct cover images shared by about 80% of the stories (default 12; 0 for none). */
  covers?: number;
  /** Same seed, same data (dates are relative to `now`). */
  seed?: number;
  /** Default: the start of the current UTC day. */
  now?: Date;
  /** Called after each phase with its duration, for progress output. */
  onPhase?: (phase: string, ms: number) => void;
}

export interface SeedResult {
  users: number;
  stories: number;
  drafts: number;
  tags: number;
  storyTags: number;
  likes: number;
  bookmarks: number;
  comments: number;
  covers: number;
  ms: number;
}

// Multi-row VALUES for users and stories: 500 rows of ~17 columns stay far below PostgreSQL's
// 65,535 parameters per statement. Narrow tables go through insertColumns.
const BATCH = 500;

function* batches<T>(rows: T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

export async function hasBenchData(db: Db): Promise<boolean> {
  const [existing] = await db
    .select({ n: count() })
    .from(users)
    .where(like(users.email, `%@${BENCH_EMAIL_DOMAIN}`));
  return (existing?.n ?? 0) > 0;
}

export async function seedBench(db: Db, storage: ImageStorage, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const storyCount = options.stories ?? 10_000;
  const userCount = Math.max(options.users ?? Math.round(storyCount / 10), 10);
  const draftCount = options.drafts ?? Math.round(storyCount / 10);
  const now = options.now ?? new Date(new Date().setUTCHours(0, 0, 0, 0));
  const r = createRandom(options.seed ?? 1);
  let mark = started;
  const phase = (name: string) => {
    const at = performance.now();
    options.onPhase?.(name, Math.round(at - mark));
    mark = at;
  };

  if (await hasBenchData(db)) {
    throw new Error(
      `This database already holds bench data (users @${BENCH_EMAIL_DOMAIN}); use an empty database (bench/seed.ts --reset empties it).`,
    );
  }
  // Hashed once, at the production cost: tens of milliseconds per hash by design, yet every bench user can sign in.
  const passwordHash = await hashPassword(BENCH_PASSWORD, PASSWORD_COST);
  const coverImages = await Promise.all(
    Array.from({ length: options.covers ?? 12 }, async (_, i) =>
      processImage(await renderDemoCover(DEMO_STORIES[i % DEMO_STORIES.length]!.palette, 1_000 + i)),
    ),
  );
  phase("password hash and covers");

  return db.transaction(async (tx) => {
    const authors: Author[] = [];
    const userRows = Array.from({ length: userCount }, (_, i) => fakeUser(r, i, passwordHash, now));
    for (const batch of batches(userRows, BATCH)) {
      authors.push(...(await tx.insert(users).values(batch).returning({ id: users.id, createdAt: users.createdAt })));
    }
    const userIds = authors.map((a) => a.id);
    phase("users");

    const coverIds: string[] = [];
    for (const image of coverImages) coverIds.push(await storeImage(tx, storage, image, r.pick(userIds)));

    await tx
      .insert(tags)
      .values(ALL_TAGS.map((name) => ({ name })))
      .onConflictDoNothing();
    const tagRows = await tx
      .select()
      .from(tags)
      .where(inArray(tags.name, [...ALL_TAGS]));
    const tagId = new Map(tagRows.map((t) => [t.name, t.id]));
    phase("covers and tags");

    const storyRows: StoryRow[] = Array.from({ length: storyCount + draftCount }, (_, i) =>
      fakeStory(r, r.pick(authors), i < storyCount, coverIds, now),
    );
    checkSample(BENCH_PASSWORD, userRows, storyRows);
    // Ids follow creation time, as they would on a real site.
    storyRows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
    phase("story text");
    // NOTE: a multi-row INSERT ... RETURNING answers rows in VALUES order on PostgreSQL and PGlite,
    // so the i-th id belongs to the i-th row.
    const storyIds: number[] = [];
    for (const batch of batches(storyRows, BATCH)) {
      const inserted = await tx
        .insert(stories)
        .values(batch.map(({ tagNames: _, ...row }) => row))
        .returning({ id: stories.id });
      storyIds.push(...inserted.map((s) => s.id));
    }
    phase("stories");

    const tagLinks = storyRows.flatMap((s, i) =>
      s.tagNames.map((name) => ({ storyId: storyIds[i]!, tagId: tagId.get(name)! })),
    );
    await insertColumns(tx, storyTags, tagLinks, [
      [storyTags.storyId, "int", (x) => x.storyId],
      [storyTags.tagId, "int", (x) => x.tagId],
    ]);
    phase("story tags");

    const reactions = storyRows.flatMap((s, i) =>
      s.published
        ? [fakeReactions(r, { id: storyIds[i]!, authorId: s.authorId, publishedAt: s.publishedAt! }, userIds, now)]
        : [],
    );
    const likeRows = reactions.flatMap((x) => x.likes);
    const bookmarkRows = reactions.flatMap((x) => x.bookmarks);
    const commentRows = reactions.flatMap((x) => x.comments);
    for (const [table, rows] of [
      [likes, likeRows],
      [bookmarks, bookmarkRows],
    ] as const) {
      await insertColumns(
        tx,
        table,
        [...rows],
        [
          [table.storyId, "int", (x) => x.storyId],
          [table.userId, "int", (x) => x.userId],
          [table.createdAt, "timestamptz", (x) => x.createdAt!],
        ],
      );
    }
    await insertColumns(tx, comments, commentRows, [
      [comments.storyId, "int", (x) => x.storyId],
      [comments.authorId, "int", (x) => x.authorId],
      [comments.content, "text", (x) => x.content],
      [comments.createdAt, "timestamptz", (x) => x.createdAt!],
    ]);
    phase("likes, bookmarks and comments");

    return {
      users: userCount,
      stories: storyCount,
      drafts: draftCount,
      tags: tagRows.length,
      storyTags: tagLinks.length,
      likes: likeRows.length,
      bookmarks: bookmarkRows.length,
      comments: commentRows.length,
      covers: new Set(coverIds).size,
      ms: Math.round(performance.now() - started),
    };
  });
}
