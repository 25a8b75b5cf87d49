// What the benchmark measures. Each case is one GET the app answers; the bare Node server answers the
// same bytes from memory, so the ratio shows what the app costs on top of HTTP itself.
// Later issues add their endpoints here (read, Discover, ...), with a setup when they need data.
import { and, count, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { publicChapterPath } from "../src/shared/chapters";
import { publicStoryPath } from "../src/shared/schemas/reading";
import { createSession, SESSION_COOKIE } from "../src/server/accounts/sessions";
import { createApiToken } from "../src/server/api-tokens/tokens";
import type { Db } from "../src/server/db/client";
import { bookmarks, stories, users } from "../src/server/db/schema";
import { SANITIZER_VERSION, sanitizeContent } from "../src/server/content/sanitize-content";
import { insertLongStory, longStoryHtml } from "./lib/long-story";
import type { SeedResult } from "./lib/seed-bench";
import { PLAIN_TAGS_QUERY, SYNONYM_TAGS_QUERY, tagForSynonymBench } from "./lib/synonym-bench";
import { FILTERED_QUERY, tagSeededStories } from "./lib/tag-bench";

export interface CaseContext {
  db: Db;
  /** The app under test, for inject() calls a setup may need (e.g. signing in). */
  app: FastifyInstance;
  /** What the seeder wrote, when a selected case asked for seeded data. */
  seeded: SeedResult | null;
}

export interface PreparedCase {
  /** Overrides the case's path, e.g. with the id of a row the setup picked. */
  path?: string;
  /** Sent with every request, e.g. a session cookie. */
  headers?: Record<string, string>;
}

export interface BenchCase {
  name: string;
  /** What a reader of the results should know about it. */
  about: string;
  path: string;
  /** True when the case reads seeded stories: the app's database is seeded before it starts. */
  seeded?: boolean;
  /** Run only when named (bench/sanitize.ts uses them): too slow for autocannon's 50 connections. */
  onlyByName?: boolean;
  /** False: the app counts no reads while this case is measured (its twin with counting shows what counting costs). */
  readCounting?: boolean;
  /** False: the per-address read limit off for this case (to measure what it costs against the same case with it). */
  readLimit?: boolean;
  /** Runs inside the app's process, against its database, before the measurement. */
  setup?: (context: CaseContext) => Promise<PreparedCase | undefined>;
}

/** The newest published general story: the one Discover shows first, a typical read. */
async function newestGeneralStory(db: Db) {
  const [story] = await db
    .select({ id: stories.id, title: stories.title })
    .from(stories)
    .where(and(eq(stories.published, true), eq(stories.rating, "general")))
    .orderBy(desc(stories.publishedAt), desc(stories.id))
    .limit(1);
  if (!story) throw new Error("no published general story: seed the database first");
  return story;
}

export const CASES: BenchCase[] = [
  {
    name: "healthz",
    about: "GET /healthz: the app's fixed cost per request (routing, hooks, security headers, JSON)",
    path: "/healthz",
  },
  {
    name: "read",
    about: "GET /api/stories/{id}/read, signed out: the newest general story from the read cache",
    path: "/api/stories/{id}/read",
    seeded: true,
    setup: async ({ db }) => ({ path: `/api/stories/${(await newestGeneralStory(db)).id}/read` }),
  },
  {
    name: "discover",
    about: "GET /api/published-stories, signed out: Discover's 4 newest stories from the read cache",
    path: "/api/published-stories",
    seeded: true,
  },
  {
    name: "discover-filtered",
    about: "GET /api/published-stories, signed out, with a tag, two excluded tags, status, words and sort=likes",
    path: `/api/published-stories?${FILTERED_QUERY}`,
    seeded: true,
    setup: async ({ db }) => {
      await tagSeededStories(db);
      return { path: `/api/published-stories?${FILTERED_QUERY}` };
    },
  },
  // Issue 31: the same 3 + 3 tag filter without and with synonyms (each tag a group of three, expanded).
  {
    name: "discover-tags",
    onlyByName: true,
    about: "GET /api/published-stories, signed out, 3 included and 3 excluded free-form tags nobody wrangled",
    path: `/api/published-stories?${PLAIN_TAGS_QUERY}`,
    seeded: true,
    setup: async ({ db }) => {
      await tagForSynonymBench(db);
      return { path: `/api/published-stories?${PLAIN_TAGS_QUERY}` };
    },
  },
  {
    name: "discover-synonyms",
    onlyByName: true,
    about: "GET /api/published-stories, signed out, 3 included and 3 excluded canonical tags with 2 synonyms each",
    path: `/api/published-stories?${SYNONYM_TAGS_QUERY}`,
    seeded: true,
    setup: async ({ db }) => {
      await tagForSynonymBench(db);
      return { path: `/api/published-stories?${SYNONYM_TAGS_QUERY}` };
    },
  },
  {
    name: "public-page",
    about: "GET /s/{id}-{slug}: the newest general story's public HTML page (no Accept-Encoding: identity bytes)",
    path: "/s/{id}",
    seeded: true,
    setup: async ({ db }) => {
      const story = await newestGeneralStory(db);
      return { path: encodeURI(publicStoryPath(story.id, story.title)) };
    },
  },
  // The same two requests with read counting switched off, for the comparison in docs/decisions/0031.
  {
    name: "read-uncounted",
    about: "GET /api/stories/{id}/read, signed out, as 'read' but with read counting switched off",
    path: "/api/stories/{id}/read",
    seeded: true,
    onlyByName: true,
    readCounting: false,
    setup: async ({ db }) => ({ path: `/api/stories/${(await newestGeneralStory(db)).id}/read` }),
  },
  {
    name: "public-page-uncounted",
    about: "GET /s/{id}-{slug}, as 'public-page' but with read counting switched off",
    path: "/s/{id}",
    seeded: true,
    onlyByName: true,
    readCounting: false,
    setup: async ({ db }) => {
      const story = await newestGeneralStory(db);
      return { path: encodeURI(publicStoryPath(story.id, story.title)) };
    },
  },
  {
    name: "public-page-unlimited",
    about: "GET /s/{id}-{slug}, as 'public-page' but with the per-address read limit off (its cost, issue 29)",
    path: "/s/{id}",
    seeded: true,
    onlyByName: true,
    readLimit: false,
    setup: async ({ db }) => {
      const story = await newestGeneralStory(db);
      return { path: encodeURI(publicStoryPath(story.id, story.title)) };
    },
  },
  {
    name: "public-chapter",
    about: "GET /s/{id}-{slug}/1: the newest general story's first chapter as its own public HTML page",
    path: "/s/{id}/1",
    seeded: true,
    setup: async ({ db }) => {
      const story = await newestGeneralStory(db);
      return { path: encodeURI(publicChapterPath(story.id, story.title, 1)) };
    },
  },
  {
    name: "read-signed-in",
    about: "GET /api/stories/{id}/read with a session: the session lookup, the viewer's flags, the cached view",
    path: "/api/stories/{id}/read",
    seeded: true,
    onlyByName: true,
    setup: async ({ db }) => {
      const [reader] = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
      const { token } = await createSession(db, reader!.id, new Date());
      return {
        path: `/api/stories/${(await newestGeneralStory(db)).id}/read`,
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      };
    },
  },
  {
    name: "read-token",
    about:
      "GET /api/stories/{id}/read with a personal API token (issue 34): read-signed-in's request, the token instead of the cookie",
    path: "/api/stories/{id}/read",
    seeded: true,
    onlyByName: true,
    setup: async ({ db }) => {
      const [reader] = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
      const { token } = await createApiToken(db, reader!.id, { name: "bench", scopes: ["read"] }, new Date());
      return {
        path: `/api/stories/${(await newestGeneralStory(db)).id}/read`,
        headers: { authorization: `Bearer ${token}` },
      };
    },
  },
  {
    name: "discover-signed-in",
    about:
      "GET /api/published-stories with a session: the session lookup, the viewer's block/mute flag, the cached list",
    path: "/api/published-stories",
    seeded: true,
    onlyByName: true,
    setup: async ({ db }) => {
      const [reader] = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
      const { token } = await createSession(db, reader!.id, new Date());
      return { path: "/api/published-stories", headers: { cookie: `${SESSION_COOKIE}=${token}` } };
    },
  },
  {
    name: "public-page-signed-in",
    about: "GET /s/{id}-{slug} with a session cookie: the public story page (identity bytes) a signed-in reader opens",
    path: "/s/{id}",
    seeded: true,
    onlyByName: true,
    setup: async ({ db }) => {
      const [reader] = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
      const { token } = await createSession(db, reader!.id, new Date());
      const story = await newestGeneralStory(db);
      return {
        path: encodeURI(publicStoryPath(story.id, story.title)),
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      };
    },
  },
  {
    name: "bookmarks-signed-in",
    about:
      "GET /api/bookmarks with a session: the reader's bookmarked stories (kept with the cached session, rebuilt after story changes)",
    path: "/api/bookmarks",
    seeded: true,
    onlyByName: true,
    setup: async ({ db }) => {
      // The reader with the most bookmarks, as the seed gives them (a long tail).
      const [reader] = await db
        .select({ id: bookmarks.userId })
        .from(bookmarks)
        .groupBy(bookmarks.userId)
        .orderBy(desc(count()), bookmarks.userId)
        .limit(1);
      const { token } = await createSession(db, reader!.id, new Date());
      return { path: "/api/bookmarks", headers: { cookie: `${SESSION_COOKIE}=${token}` } };
    },
  },
  {
    name: "story-2mb",
    about: "GET /api/stories/{id}: a 2 MB story stored clean (sanitized on write, served as stored)",
    path: "/api/stories/{id}",
    onlyByName: true,
    setup: ({ db }) => insertLongStory(db, sanitizeContent(longStoryHtml()), SANITIZER_VERSION, "current"),
  },
  {
    name: "story-2mb-stale",
    about: "GET /api/stories/{id}: the same story stored raw with sanitized_with 0, so sanitized on every read",
    path: "/api/stories/{id}",
    onlyByName: true,
    setup: ({ db }) => insertLongStory(db, longStoryHtml(), 0, "stale"),
  },
];
