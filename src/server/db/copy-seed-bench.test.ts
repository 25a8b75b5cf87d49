// The archive seeder (bench/lib/copy-seed.ts, issue 28) at a small size, so it cannot rot: COPY's text format
// round-trips awkward text through a real PostgreSQL, the generator is deterministic, and a seeded database is
// consistent (counts, derived columns, no orphans) and leaves the app's backfill jobs nothing to do.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { finished } from "node:stream/promises";
import { describe, expect, inject, it } from "vitest";
import { ArchiveRows, planArchive, sampleIndexes } from "../../../bench/lib/archive-rows";
import { copySeed } from "../../../bench/lib/copy-seed";
import { arrayLiteral, copyLine, copyText } from "../../../bench/lib/copy-text";
import { createRandom } from "../../../bench/lib/random";
import { recordMissingChapters } from "../chapters/sync-chapters";
import { createDiskStorage } from "../images/storage/disk";
import { recomputeFeaturedScores } from "../reading/featured-score";
import { countUncountedStories } from "../stories/count-story-words";
import { rateUnratedStories } from "../stories/rate-stories";
import { resanitizeStories } from "../stories/resanitize-stories";
import { storyTagKeys } from "../../shared/tagging";
import { openDatabase } from "./client";
import { TEST_DATABASE_URL } from "../test/database";
import { createScratchDatabase } from "../test/postgres";

const AWKWARD = [
  "tab\there",
  "new\nline and\r\ncrlf",
  "back\\slash \\N \\t literally",
  "quotes \"double\" and 'single'",
  "unicode: café, 日本語, emoji 🐉, combining é, rtl שלום",
  "",
  "\\",
  "ends with backslash\\",
  "{braces, commas}",
  "NULL",
];

describe("COPY text format", () => {
  it("escapes backslash, tab, newline and carriage return, and nothing else", () => {
    expect(copyText("a\tb\nc\rd\\e")).toBe("a\\tb\\nc\\rd\\\\e");
    expect(copyText('plain "text" café')).toBe('plain "text" café');
    expect(copyLine([1, null, true, "x\ty", new Date("2026-01-02T03:04:05.006Z")])).toBe(
      "1\t\\N\tt\tx\\ty\t2026-01-02T03:04:05.006Z\n",
    );
    expect(arrayLiteral(['a "q"', "b\\c", "d,e"])).toBe('{"a \\"q\\"","b\\\\c","d,e"}');
  });

  it.skipIf(!TEST_DATABASE_URL)("round-trips awkward text, arrays and JSON through PostgreSQL", async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL!);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query("create table t (n int, s text, a text[], j jsonb)");
      const stream = client.query(copyFrom("copy t (n, s, a, j) from stdin with (format text)"));
      for (const [n, s] of AWKWARD.entries()) {
        stream.write(copyLine([n, s, [s, "plain", s], JSON.stringify({ s, list: [s] })]));
      }
      stream.write(copyLine([AWKWARD.length, null, [], null]));
      stream.end();
      await finished(stream);
      const { rows } = await client.query("select n, s, a, j from t order by n");
      expect(rows).toEqual([
        ...AWKWARD.map((s, n) => ({ n, s, a: [s, "plain", s], j: { s, list: [s] } })),
        { n: AWKWARD.length, s: null, a: [], j: null },
      ]);
    } finally {
      await client.end();
      await scratch.drop();
    }
  });
});

describe("the archive generator", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const ids = { users: 0, stories: 0, likes: 0, bookmarks: 0, comments: 0 };
  const generate = (seed: number) => {
    const rows = new ArchiveRows(planArchive({ stories: 300, seed, now }), ids, "hash", ["cover"]);
    return Array.from({ length: rows.total }, (_, i) => rows.story(i));
  };

  it("gives the same rows for the same seed, other rows for another", () => {
    const a = generate(7);
    expect(generate(7)).toEqual(a);
    expect(generate(8).map((b) => b.story.title)).not.toEqual(a.map((b) => b.story.title));
  });

  it("keeps each story's rows bounded and its derived columns in step with them", () => {
    for (const b of generate(3)) {
      expect(b.freeTags.length).toBeLessThanOrEqual(8);
      expect(b.catalogueTags.length).toBeLessThanOrEqual(5);
      expect(b.story.likeCount).toBe(b.likes.length);
      expect(b.story.bookmarkCount).toBe(b.bookmarks.length);
      expect(b.story.commentCount).toBe(b.comments.length);
      expect(b.story.tagKeys).toEqual(
        storyTagKeys(
          b.catalogueTags,
          b.freeTags.map((t) => t.key),
          b.story.warnings,
        ),
      );
      expect(new Set(b.likes.map((l) => l.userId)).size).toBe(b.likes.length);
      expect(b.likes.every((l) => l.userId !== b.story.authorId)).toBe(true);
      expect(b.chapters.length > 0).toBe(b.story.published);
      if (b.story.published) expect(b.chapters.reduce((sum, c) => sum + c.words, 0)).toBe(b.story.wordCount);
    }
  });

  it("samples distinct indexes, never the excluded one, whatever the share asked", () => {
    const r = createRandom(1);
    for (const [size, n] of [
      [10, 3],
      [10, 9],
      [10, 20],
      [1000, 999],
    ] as const) {
      const picked = sampleIndexes(r, size, n, 4);
      expect(new Set(picked).size).toBe(picked.length);
      expect(picked.length).toBe(Math.min(n, size - 1));
      expect(picked.every((i) => i >= 0 && i < size && i !== 4)).toBe(true);
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)("the archive seeder on PostgreSQL", () => {
  it("seeds 2,000 works consistently, refuses to seed twice, and leaves the backfills nothing", async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL!, inject("postgresTemplate") || undefined);
    const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 2 });
    const images = mkdtempSync(join(tmpdir(), "copy-seed-"));
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const now = new Date(new Date().setUTCHours(0, 0, 0, 0));
    try {
      const storage = createDiskStorage(images);
      // NOTE: the column the lead's migration adds (a no-op once it has landed), so the seeder's tag_keys path runs.
      await client.query("alter table stories add column if not exists tag_keys text[] not null default '{}'");
      const seeded = await copySeed(scratch.url, database.db, storage, { stories: 2_000, covers: 1, now });
      const one = async (query: string) => Number((await client.query(query)).rows[0].n);
      for (const [table, n] of Object.entries(seeded.rows)) {
        if (table === "covers" || table === "tags") continue;
        expect(await one(`select count(*) as n from ${table}`), table).toBe(n);
      }
      expect(seeded.rows.stories).toBe(2_200);
      expect(seeded.rows.likes).toBeGreaterThan(5_000);
      // The counts the stories carry are the rows written.
      for (const table of ["likes", "bookmarks", "comments"]) {
        const column = `${table.replace(/s$/, "")}_count`;
        expect(
          await one(
            `select count(*) as n from stories s where ${column} <> (select count(*) from ${table} x where x.story_id = s.id)`,
          ),
          column,
        ).toBe(0);
      }
      // Nothing points at a row that is not there.
      const orphans = await one(`select
        (select count(*) from stories s where not exists (select 1 from users u where u.id = s.author_id))
        + (select count(*) from likes l where not exists (select 1 from users u where u.id = l.user_id)
             or not exists (select 1 from stories s where s.id = l.story_id))
        + (select count(*) from bookmarks l where not exists (select 1 from users u where u.id = l.user_id))
        + (select count(*) from comments c where not exists (select 1 from users u where u.id = c.author_id)
             or (c.parent_id is not null and not exists
                  (select 1 from comments p where p.id = c.parent_id and p.story_id = c.story_id and p.id < c.id)))
        + (select count(*) from story_free_tags t where not exists (select 1 from free_tags f where f.key = t.key))
        + (select count(*) from story_tags t where not exists (select 1 from tags g where g.id = t.tag_id))
        + (select count(*) from follows f where not exists (select 1 from users u where u.id = f.author_id))
        + (select count(*) from story_subscriptions x where not exists (select 1 from stories s where s.id = x.story_id))
        + (select count(*) from likes l join stories s on s.id = l.story_id where s.author_id = l.user_id)
        + (select count(*) from stories where cover_image_id is not null
             and cover_image_id not in (select id from images)) as n`);
      expect(orphans).toBe(0);
      expect(
        await one(
          "select count(*) as n from stories s where published and not exists (select 1 from story_chapters c where c.story_id = s.id)",
        ),
      ).toBe(0);
      expect(
        await one(
          "select count(*) as n from stories where word_count <> (select sum(words) from story_chapters c where c.story_id = stories.id)",
        ),
      ).toBe(0);
      expect(await one("select count(*) as n from comments where parent_id is not null")).toBeGreaterThan(0);
      // The named shapes, at this size.
      expect(
        await one(
          "select count(*) as n from follows f join users u on u.id = f.author_id where u.username = 'famous1'",
        ),
      ).toBe(199);
      expect(
        await one(
          "select count(*) as n from stories where title = 'The Story Everyone Talks About' and comment_count = 10",
        ),
      ).toBe(1);
      expect(seeded.tagKeys).toBe(true);
      {
        const mismatched = await one(`select count(*) as n from stories s where tag_keys <> array(
          select k from (
            select lower(g.name) as k from story_tags t join tags g on g.id = t.tag_id where t.story_id = s.id
            union select key from story_free_tags f where f.story_id = s.id
            union select lower(w) from unnest(s.warnings) w) keys order by k collate "C")`);
        expect(mismatched).toBe(0);
      }
      // Every word of a published title and tag list is in search_words (its trigger was off during the load).
      expect(
        await one(`select count(*) as n from stories s, unnest(tsvector_to_array(s.search_head)) w
          where s.published and w !~ '[[:punct:]]' and not exists (select 1 from search_words v where v.word = w)`),
      ).toBe(0);
      expect(await one("select count(*) as n from search_words")).toBeGreaterThan(100);
      // The secondary indexes are back.
      expect(await one("select count(*) as n from pg_indexes where indexname = 'stories_search_vector_idx'")).toBe(1);

      // The app's backfills find nothing to do; the featured scores are the app's own.
      const db = database.db;
      expect(await rateUnratedStories(db)).toBe(0);
      expect(await countUncountedStories(db)).toBe(0);
      expect(await recordMissingChapters(db, now)).toBe(0);
      expect(await resanitizeStories(db)).toBe(0);
      expect(await one("select count(*) as n from stories where featured_score > 0")).toBeGreaterThan(100);
      expect(await recomputeFeaturedScores(db, now)).toBe(0);

      await expect(copySeed(scratch.url, db, storage, { stories: 10, covers: 0, now })).rejects.toThrow(
        /already holds bench data/,
      );
    } finally {
      await client.end();
      await database.close();
      await scratch.drop();
      rmSync(images, { recursive: true, force: true });
    }
  });
});
