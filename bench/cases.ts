// What the benchmark measures. Each case is one GET the app answers; the bare Node server answers the
// same bytes from memory, so the ratio shows what the app costs on top of HTTP itself.
// Later issues add their endpoints here (read, Discover, ...), with a setup when they need data.
import type { FastifyInstance } from "fastify";
import type { Db } from "../src/server/db/client";
import { SANITIZER_VERSION, sanitizeContent } from "../src/server/stories/sanitize-content";
import { insertLongStory, longStoryHtml } from "./lib/long-story";
import type { SeedResult } from "./lib/seed-bench";

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
  /** Runs inside the app's process, against its database, before the measurement. */
  setup?: (context: CaseContext) => Promise<PreparedCase | undefined>;
}

export const CASES: BenchCase[] = [
  {
    name: "healthz",
    about: "GET /healthz: the app's fixed cost per request (routing, hooks, security headers, JSON)",
    path: "/healthz",
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
