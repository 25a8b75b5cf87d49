// The bench seeder on PostgreSQL at an archive's size (issue 28): rows from archive-rows.ts streamed through
// `COPY ... FROM STDIN` (pg-copy-streams), one connection per table, with writes paused while PostgreSQL catches up
// (backpressure), so the seeder's memory stays flat whatever the size. Loaded with foreign keys and triggers off
// (session_replication_role = replica) and the loaded tables' indexes dropped, then rebuilt from the definitions read
// before dropping them; only the keys that foreign keys depend on stay. Ends with ANALYZE (VACUUM ANALYZE on request).
import { once } from "node:events";
import { finished } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { hashPassword, PASSWORD_COST } from "../../src/server/accounts/passwords";
import type { Db } from "../../src/server/db/client";
import { tags } from "../../src/server/db/schema";
import { DEMO_STORIES } from "../../src/server/demo/demo-stories";
import { renderDemoCover } from "../../src/server/demo/seed-demo";
import { processImage } from "../../src/server/images/process-image";
import type { ImageStorage } from "../../src/server/images/storage/driver";
import { storeImage } from "../../src/server/images/store-image";
import { ALL_TAGS } from "../../src/shared/catalogues";
import { catalogueTag } from "../../src/shared/tagging";
import {
  type ArchiveOptions,
  ArchiveRows,
  type ArchiveStory,
  type IdBases,
  planArchive,
  type StoryBundle,
} from "./archive-rows";
import { checkArchiveSample } from "./check-rows";
import { type CopyValue, copyLine } from "./copy-text";
import { createRandom } from "./random";
import { BENCH_PASSWORD, hasBenchData } from "./seed-bench";
import { inArray } from "drizzle-orm";

export interface CopySeedOptions extends ArchiveOptions {
  /** Distinct cover images shared by about 80% of the stories (default 12; 0 for none). */
  covers?: number;
  /** Called after each phase with its duration, for progress output. */
  onPhase?: (phase: string, ms: number) => void;
  /** VACUUM ANALYZE the loaded tables at the end instead of ANALYZE alone (sets the visibility map; slower). */
  vacuum?: boolean;
  /** Called now and then while stories stream, with how many are done. */
  onProgress?: (done: number, total: number) => void;
}

export interface CopySeedResult {
  rows: Record<string, number>;
  /** The largest resident set size the process reached, in bytes. */
  peakRss: number;
  /** Whether stories.tag_keys existed and was written. */
  tagKeys: boolean;
  ms: number;
}

/** The tables the seeder loads, in the order their COPYs start. */
const TABLES = [
  "users",
  "free_tags",
  "stories",
  "story_tags",
  "story_free_tags",
  "story_chapters",
  "likes",
  "bookmarks",
  "comments",
  "follows",
  "story_subscriptions",
] as const;
type Table = (typeof TABLES)[number];

// NOTE: lines are gathered into chunks of about this many characters before a write, so the stream sees a few
// thousand writes a second instead of millions.
const CHUNK_CHARS = 256 * 1024;

/** One COPY into `table` on a connection of its own; write() waits when PostgreSQL is behind. */
class CopyStream {
  rows = 0;
  private buffer = "";
  private stream!: ReturnType<typeof copyFrom>;
  private client!: pg.Client;
  private failure: Error | null = null;

  constructor(
    private readonly url: string,
    readonly table: Table,
    private readonly columns: readonly string[],
  ) {}

  async open(): Promise<void> {
    this.client = new pg.Client({ connectionString: this.url });
    // NOTE: a connection lost mid-COPY (the server restarting) fails the next write instead of killing the process
    // with an unhandled 'error' event, so the load stops cleanly and the indexes are put back.
    this.client.on("error", (error: Error) => {
      this.failure = error;
    });
    await this.client.connect();
    await this.client.query("set session_replication_role = replica");
    this.stream = this.client.query(
      // NOTE: up to a few chunks may wait in the stream, so the generator runs on while PostgreSQL digests the
      // last ones (each table's COPY is busy at once); only a backend that falls further behind pauses it.
      copyFrom(`copy ${this.table} (${this.columns.join(", ")}) from stdin with (format text)`, {
        highWaterMark: 4 * CHUNK_CHARS,
      }),
    );
    this.stream.on("error", (error: Error) => {
      this.failure = error;
    });
  }

  async write(values: readonly CopyValue[]): Promise<void> {
    this.buffer += copyLine(values);
    this.rows += 1;
    if (this.buffer.length >= CHUNK_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    const chunk = this.buffer;
    this.buffer = "";
    if (chunk && !this.stream.write(chunk)) {
      // NOTE: once() rejects when the stream emits 'error' meanwhile, and leaves no listener behind either way.
      await once(this.stream, "drain");
      if (this.failure) throw this.failure;
    }
  }

  async close(): Promise<void> {
    try {
      await this.flush();
      this.stream.end();
      await finished(this.stream);
    } finally {
      await this.client.end();
    }
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function inParallel<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** An index or constraint dropped for the load: how to drop it, and how to make it again. */
interface DroppedIndex {
  name: string;
  drop: string;
  create: string;
}

/**
 * What the load drops on the loaded tables: every index but those behind a primary key or unique constraint, and the
 * primary keys and unique constraints no foreign key depends on (likes' and the link tables'); the keys of users,
 * stories, comments and free_tags stay, as dropping them would take the foreign keys with them.
 */
async function droppableIndexes(client: pg.Client): Promise<DroppedIndex[]> {
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
       from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
      order by i.tablename, i.indexname`,
    [[...TABLES]],
  );
  const { rows: constraints } = await client.query<{ name: string; table: string; definition: string }>(
    `select c.conname as name, c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c
      where c.contype in ('p', 'u') and c.conrelid::regclass::text = any($1)
        and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)
      order by 2, 1`,
    [[...TABLES]],
  );
  return [
    ...constraints.map((c) => ({
      name: c.name,
      drop: `alter table ${c.table} drop constraint "${c.name}"`,
      create: `alter table ${c.table} add constraint "${c.name}" ${c.definition}`,
    })),
    ...indexes.map((i) => ({ name: i.name, drop: `drop index "${i.name}"`, create: i.definition })),
  ];
}

export async function copySeed(
  url: string,
  db: Db,
  storage: ImageStorage,
  options: CopySeedOptions,
): Promise<CopySeedResult> {
  const started = performance.now();
  let mark = started;
  const phase = (name: string) => {
    const at = performance.now();
    options.onPhase?.(name, Math.round(at - mark));
    mark = at;
  };
  let peakRss = process.memoryUsage.rss();
  const sampleRss = () => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  };
  const plan = planArchive(options);

  if (await hasBenchData(db)) {
    throw new Error(
      "This database already holds bench data (users @bench.ficforge.local); use an empty database (bench/seed.ts --reset empties it).",
    );
  }
  const passwordHash = await hashPassword(BENCH_PASSWORD, PASSWORD_COST);
  await db
    .insert(tags)
    .values(ALL_TAGS.map((name) => ({ name })))
    .onConflictDoNothing();
  const tagRows = await db
    .select()
    .from(tags)
    .where(inArray(tags.name, [...ALL_TAGS]));
  const tagId = new Map(tagRows.map((t) => [t.name, t.id]));
  const { ids, tagKeys, indexes } = await withClient(url, async (client) => {
    const max = async (table: string) =>
      Number((await client.query(`select coalesce(max(id), 0) as n from ${table}`)).rows[0].n);
    const ids: IdBases = {
      users: await max("users"),
      stories: await max("stories"),
      likes: await max("likes"),
      bookmarks: await max("bookmarks"),
      comments: await max("comments"),
    };
    const column = await client.query(
      `select 1 from information_schema.columns
        where table_schema = 'public' and table_name = 'stories' and column_name = 'tag_keys'`,
    );
    return { ids, tagKeys: (column.rowCount ?? 0) > 0, indexes: await droppableIndexes(client) };
  });
  phase("password hash, tags, ids");

  let dropped: DroppedIndex[] = [];
  const rebuild = async () => {
    // NOTE: the GIN indexes (search, trigrams) take longest: started first, the other lane does the rest meanwhile.
    const pending = [...dropped].sort(
      (a, b) => Number(/using gin/i.test(b.create)) - Number(/using gin/i.test(a.create)),
    );
    dropped = [];
    // NOTE: two at a time, one per core; each build sorts (btree) or gathers its entries (GIN) in
    // maintenance_work_mem, so more of it means fewer passes over temporary files.
    await inParallel(pending, 2, (index) =>
      withClient(url, async (client) => {
        await client.query("set maintenance_work_mem = '1GB'");
        const at = performance.now();
        await client.query(index.create);
        const ms = Math.round(performance.now() - at);
        if (ms >= 2_000) options.onPhase?.(`  index ${index.name}`, ms);
      }),
    );
  };
  try {
    await withClient(url, async (client) => {
      for (const index of indexes) await client.query(index.drop);
    });
    dropped = indexes;
    phase(`dropped ${indexes.length} indexes and constraints`);

    const counts = {} as Record<Table, number>;
    const run = async (streams: CopyStream[], work: () => Promise<void>) => {
      await Promise.all(streams.map((s) => s.open()));
      try {
        await work();
      } finally {
        await Promise.all(streams.map((s) => s.close()));
      }
      for (const s of streams) counts[s.table] = s.rows;
    };

    // Users and the free-form tag vocabulary.
    const userStream = new CopyStream(url, "users", [
      "id",
      "username",
      "email",
      "password",
      "description",
      "email_verified",
      "is_premium",
      "created_at",
    ]);
    const freeTagStream = new CopyStream(url, "free_tags", ["key", "name", "created_at"]);
    const coverIds: string[] = [];
    const noCovers = new ArchiveRows(plan, ids, passwordHash, []);
    const userSample: ReturnType<ArchiveRows["user"]>[] = [];
    await run([userStream, freeTagStream], async () => {
      for (let i = 0; i < plan.users; i++) {
        const u = noCovers.user(i);
        if (userSample.length < 200) userSample.push(u);
        await userStream.write([
          u.id,
          u.username,
          u.email,
          u.password,
          u.description,
          u.emailVerified,
          u.isPremium,
          u.createdAt,
        ]);
      }
      const seen = new Set<string>();
      for (const t of noCovers.freeTagRows()) {
        // NOTE: the vocabulary is unique by construction and apart from the catalogue (a catalogue name would be
        // stored under the catalogue's spelling); either failing is a bug in freeTagOf.
        if (seen.has(t.key) || catalogueTag(t.name))
          throw new Error(`free-form tag vocabulary repeats a key: ${t.key}`);
        seen.add(t.key);
        await freeTagStream.write([t.key, t.name, t.createdAt]);
      }
    });
    sampleRss();
    phase("users and free-form tags");

    const covers = options.covers ?? 12;
    if (covers > 0) {
      const r = createRandom(plan.seed);
      for (let i = 0; i < covers; i++) {
        const image = await processImage(
          await renderDemoCover(DEMO_STORIES[i % DEMO_STORIES.length]!.palette, 1_000 + i),
        );
        coverIds.push(await storeImage(db, storage, image, ids.users + 1 + r.int(0, plan.users - 1)));
      }
    }
    phase("covers");

    const rows = new ArchiveRows(plan, ids, passwordHash, coverIds);
    // NOTE: the jsonb columns are written as JSON text (a list would otherwise be written as a text[] literal).
    const storyColumns: [string, (s: ArchiveStory) => CopyValue][] = [
      ["id", (s) => s.id],
      ["title", (s) => s.title],
      ["description", (s) => s.description],
      ["content", (s) => s.content],
      ["author_id", (s) => s.authorId],
      ["published", (s) => s.published],
      ["published_at", (s) => s.publishedAt],
      ["last_event_at", (s) => s.lastEventAt],
      ["created_at", (s) => s.createdAt],
      ["updated_at", (s) => s.updatedAt],
      ["characters", (s) => JSON.stringify(s.characters)],
      ["setting", (s) => s.setting],
      ["plot_ideas", (s) => s.plotIdeas],
      ["moods", (s) => JSON.stringify(s.moods)],
      ["cover_image_id", (s) => s.coverImageId],
      ["fandoms", (s) => JSON.stringify(s.fandoms)],
      ["themes", (s) => JSON.stringify(s.themes)],
      ["version", (s) => s.version],
      ["rating", (s) => s.rating],
      ["sanitized_with", (s) => s.sanitizedWith],
      ["word_count", (s) => s.wordCount],
      ["ai_word_count", (s) => s.aiWordCount],
      ["like_count", (s) => s.likeCount],
      ["bookmark_count", (s) => s.bookmarkCount],
      ["comment_count", (s) => s.commentCount],
      ["featured_score", (s) => s.featuredScore],
      ["search_text", (s) => s.searchText],
      ["search_tags", (s) => s.searchTags],
      ["content_rating", (s) => s.contentRating],
      ["warnings", (s) => s.warnings],
      ["status", (s) => s.status],
    ];
    if (tagKeys) storyColumns.push(["tag_keys", (s) => s.tagKeys]);
    const storyStream = new CopyStream(
      url,
      "stories",
      storyColumns.map(([name]) => name),
    );
    const storyTagStream = new CopyStream(url, "story_tags", ["story_id", "tag_id"]);
    const freeTagLinkStream = new CopyStream(url, "story_free_tags", ["story_id", "kind", "key", "position"]);
    const chapterStream = new CopyStream(url, "story_chapters", [
      "story_id",
      "n",
      "title",
      "words",
      "first_published_at",
    ]);
    const likeStream = new CopyStream(url, "likes", ["id", "story_id", "user_id", "created_at"]);
    const bookmarkStream = new CopyStream(url, "bookmarks", ["id", "story_id", "user_id", "created_at"]);
    const commentStream = new CopyStream(url, "comments", [
      "id",
      "story_id",
      "author_id",
      "content",
      "created_at",
      "parent_id",
    ]);
    const sample: StoryBundle[] = [];
    await run(
      [storyStream, storyTagStream, freeTagLinkStream, chapterStream, likeStream, bookmarkStream, commentStream],
      async () => {
        for (let i = 0; i < rows.total; i++) {
          const b = rows.story(i);
          // The first stories and some spread over the run go through the app's own schemas and sanitizer.
          if (i < 100 || i % 10_007 === 0) sample.push(b);
          if (sample.length >= 300) {
            checkArchiveSample(BENCH_PASSWORD, userSample, sample);
            sample.length = 0;
          }
          await storyStream.write(storyColumns.map(([, read]) => read(b.story)));
          const id = b.story.id;
          for (const name of b.catalogueTags) await storyTagStream.write([id, tagId.get(name)!]);
          for (const t of b.freeTags) await freeTagLinkStream.write([id, t.kind, t.key, t.position]);
          for (const c of b.chapters) await chapterStream.write([id, c.n, c.title, c.words, c.firstPublishedAt]);
          for (const l of b.likes) await likeStream.write([l.id, id, l.userId, l.createdAt]);
          for (const l of b.bookmarks) await bookmarkStream.write([l.id, id, l.userId, l.createdAt]);
          for (const c of b.comments)
            await commentStream.write([c.id, id, c.authorId, c.content, c.createdAt, c.parentId]);
          if (i % 20_000 === 0) {
            sampleRss();
            options.onProgress?.(i, rows.total);
          }
        }
        checkArchiveSample(BENCH_PASSWORD, userSample, sample);
      },
    );
    sampleRss();
    phase("stories, tags, chapters, likes, bookmarks, comments");

    const followStream = new CopyStream(url, "follows", ["follower_id", "author_id", "created_at"]);
    const subscriptionStream = new CopyStream(url, "story_subscriptions", ["user_id", "story_id", "created_at"]);
    await run([followStream, subscriptionStream], async () => {
      for (let i = 0; i < plan.users; i++) {
        const userId = rows.userId(i);
        for (const f of rows.follows(i)) await followStream.write([userId, f.authorId, f.createdAt]);
        for (const s of rows.subscriptions(i)) await subscriptionStream.write([userId, s.storyId, s.createdAt]);
      }
    });
    sampleRss();
    phase("follows and subscriptions");

    await withClient(url, async (client) => {
      for (const table of ["users", "stories", "likes", "bookmarks", "comments"]) {
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
        );
      }
    });
    await rebuild();
    phase(`rebuilt ${indexes.length} indexes and constraints`);
    // NOTE: the trigger that keeps search_words (migration 0028) was off during the load: the words, set-based.
    await withClient(url, (client) =>
      client.query(`insert into search_words (word)
        select distinct w from stories, unnest(tsvector_to_array(search_head)) as w
        where published and w !~ '[[:punct:]]' on conflict do nothing`),
    );
    phase("search words");

    // NOTE: the planner needs statistics at once (a bulk load without them gave plans 30x off, issue 28); a VACUUM
    // also writes every page again to set the visibility map, which autovacuum does later anyway (decision 0070).
    const finish = options.vacuum ? "vacuum analyze" : "analyze";
    await inParallel([...TABLES], 2, (table) =>
      withClient(url, async (client) => {
        await client.query(`${finish} ${table}`);
      }),
    );
    phase(finish);
    sampleRss();
    return {
      rows: { ...counts, tags: tagRows.length, covers: new Set(coverIds).size },
      peakRss,
      tagKeys,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    // NOTE: a failed load still gets its indexes back, so the database is never left without them.
    if (dropped.length > 0) await rebuild();
  }
}
