// The real app in its own process: PGlite in a fresh data directory, seeded when asked, logger off.
import { createDiskStorage } from "../../src/server/images/storage/disk";
import { createDeps } from "../../src/server/deps";
import { existsSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { buildApp } from "../../src/server/app";
import { createLogger, type LoggerConfig } from "../../src/server/http/logging";
import { openDatabase } from "../../src/server/db/client";
import { loadConfig } from "../../src/server/env";
import { READ_COUNTING } from "../../src/server/reading-stats/read-counter";
import { createDevOutbox } from "../../src/server/mail/mailer";
import { CASES } from "../cases";
import { parentOptions, serveParent } from "../lib/ipc";
import { profilerHandlers } from "../lib/profiler";
import { PUBLIC_AUTHOR_PATH, seedPublicStory } from "../lib/public-story";
import { hasBenchData, type SeedResult, seedBench } from "../lib/seed-bench";
import { insertLongStory, storyOfWords } from "../lib/long-story";
import { seedChatTree } from "../lib/chat-tree";
import { seedVersionHistory } from "../lib/version-history";
import { eq, sql } from "drizzle-orm";
import { stories, storyVersions } from "../../src/server/db/schema";
import { SANITIZER_VERSION, sanitizeContent } from "../../src/server/content/sanitize-content";
import { countStoryWords } from "../../src/server/content/story-text";

export interface AppServerOptions {
  dataDir: string;
  /** PostgreSQL instead of PGlite; a database that already holds bench data is used as it is. */
  databaseUrl?: string;
  /** 0 leaves the database empty. */
  stories: number;
  seed: number;
  /**
   * Also insert one published story with a cover for the public page (its path comes back as publicPath), by an
   * author with a bio and two more stories (their page's path as publicAuthorPath).
   */
  publicStory?: boolean;
}

export interface AppServerReady {
  port: number;
  seeded: SeedResult | null;
  startMs: number;
  publicPath?: string;
  publicAuthorPath?: string;
}

const options = parentOptions<AppServerOptions>();
const started = performance.now();
const database = await openDatabase(
  options.databaseUrl ? { kind: "postgres", url: options.databaseUrl } : { kind: "pglite", dataDir: options.dataDir },
);
// NOTE: the app below stores images where DATA_DIR says (disk, decision 0036); the seed writes there too.
const imageStorage = createDiskStorage(`${options.dataDir}/images`);
const seeded =
  options.stories > 0 && !(await hasBenchData(database.db))
    ? await seedBench(database.db, imageStorage, { stories: options.stories, seed: options.seed })
    : null;
const publicPath = options.publicStory ? await seedPublicStory(database.db, imageStorage) : undefined;

// Production mode, as deployed; the built client is served when present, as main.ts does.
const config = loadConfig({
  NODE_ENV: "production",
  SEED_DEMO: "false",
  LOG_LEVEL: "silent",
  DATA_DIR: options.dataDir,
  // Production requires an SMTP server; the bench sends no mail (its mailer is the dev outbox below).
  SMTP_URL: "smtp://127.0.0.1:25",
  // The per-address limit counts every request (its cost is measured) but one address sends them all here.
  PUBLIC_READS_PER_MINUTE: "1000000",
  // Likewise one API token sends all of read-token's requests: its limit still leases and counts them.
  API_TOKEN_REQUESTS_PER_MINUTE: "10000000",
});
const clientDir = fileURLToPath(new URL("../../dist/client", import.meta.url));
// BENCH_APP_LOG_LEVEL=info: the production logger (its request lines included) writing to /dev/null, to measure
// what logging costs; unset, the logger is off.
const logLevel = process.env.BENCH_APP_LOG_LEVEL as LoggerConfig["level"] | undefined;
const mailer = createDevOutbox();
const app = await buildApp(await createDeps(config, database, { mailer }), {
  logger: logLevel
    ? createLogger({ level: logLevel, stream: pino.destination({ dest: "/dev/null", sync: false }) })
    : false,
  clientDir: existsSync(clientDir) ? clientDir : undefined,
});
await app.listen({ port: 0, host: "127.0.0.1" });

serveParent(
  {
    port: (app.server.address() as AddressInfo).port,
    seeded,
    startMs: Math.round(performance.now() - started),
    publicPath,
    publicAuthorPath: publicPath ? PUBLIC_AUTHOR_PATH : undefined,
  } satisfies AppServerReady,
  {
    async setup(request) {
      const benchCase = CASES.find((c) => c.name === request.name);
      if (!benchCase) throw new Error(`no case named ${String(request.name)}`);
      return (await benchCase.setup?.({ db: database.db, app, seeded })) ?? {};
    },
    /** bench/editor-open.ts: an author with a session and one story of `words` words with `versions` versions. */
    async editorStory(request) {
      const content = storyOfWords(Number(request.words), sanitizeContent);
      const { path, headers } = await insertLongStory(database.db, content, SANITIZER_VERSION, `editor${Date.now()}`);
      const storyId = Number(path.split("/").pop());
      // Its history, taken as saves take it; the story then holds the newest version's text.
      const count = Number(request.versions ?? 0);
      if (count > 0) {
        const { text } = await seedVersionHistory(database.db, storyId, content, count);
        await database.db
          .update(stories)
          .set({ content: text, ...countStoryWords(text) })
          .where(eq(stories.id, storyId));
      }
      const [{ n }] = (await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(storyVersions)
        .where(eq(storyVersions.storyId, storyId))) as [{ n: number }];
      return { storyId, token: headers.cookie.split("=")[1], words: countStoryWords(content).wordCount, versions: n };
    },
    /** bench/chat-threads.ts: an author with a session and one story with a chat tree. */
    chatTree: (request) => seedChatTree(database.db, Number(request.threads), Number(request.perThread)),
    /** The emails the app would have sent, newest first (bench/lighthouse-app.ts follows a verification link). */
    outbox: () => mailer.outbox?.() ?? [],
    rss: () => process.memoryUsage().rss,
    /** Read counting on or off for the case about to be measured (cases.ts readCounting). */
    counting: (request) => {
      READ_COUNTING.enabled = request.enabled !== false;
      return READ_COUNTING.enabled;
    },
    /** The per-address read limit on or off for the case about to be measured (cases.ts readLimit). */
    readLimit: (request) => {
      app.readLimit.enabled = request.enabled !== false;
      return app.readLimit.enabled;
    },
    ...profilerHandlers(),
    /** CPU microseconds this process has used (user + system): the cost per request, even on a busy machine. */
    cpu: () => {
      const { user, system } = process.cpuUsage();
      return user + system;
    },
  },
  async () => {
    await app.close();
    await database.close();
    rmSync(options.dataDir, { recursive: true, force: true });
  },
);
