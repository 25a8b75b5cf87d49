// Issue 29 §1's budgets: measuring a 100,000-word story against 500 of its writer's generations adds under 20 ms to
// a save at p50, and 1,000 generations' fingerprints take under 2 MB. The real app in this process (app.inject) on
// PGlite in memory, or PostgreSQL with --database-url. Generations are 250–400 words of prose drawn from the word
// lists (no two alike); a fifth of them sit in the story, the rest of it is the writer's.
//   npx tsx bench/provenance.ts [--generations 500] [--stored 1000] [--words 100000] [--runs 30] [--database-url …]
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { createSession, SESSION_COOKIE } from "../src/server/accounts/sessions";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { marinFingerprints, stories, users } from "../src/server/db/schema";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { createDevOutbox } from "../src/server/mail/mailer";
import { SANITIZER_VERSION } from "../src/server/content/sanitize-content";
import { countStoryWords } from "../src/server/content/story-text";
import {
  loadShingleLookup,
  measureAiWords,
  measuredColumns,
  recordFingerprint,
} from "../src/server/provenance/provenance";
import { ShingleLookup } from "../src/server/provenance/provenance-shingles";
import { longStoryHtml } from "./lib/long-story";
import { createRandom, type Random } from "./lib/random";
import { ACTIONS, ADJECTIVES, FIRST_NAMES, NOUNS, PLACES, TRAITS, VERBS } from "./lib/words";
import { formatInt, formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    generations: { type: "string", default: "500" },
    stored: { type: "string", default: "1000" },
    words: { type: "string", default: "100000" },
    runs: { type: "string", default: "30" },
    "database-url": { type: "string" },
  },
});
const GENERATIONS = Number(values.generations);
const STORED = Number(values.stored);
const WORDS = Number(values.words);
const RUNS = Number(values.runs);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)]!;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** A generation of `n` words: sentences of words picked at random, so no two generations share a window. */
function generation(r: Random, n: number): string {
  const pools = [FIRST_NAMES, ADJECTIVES, NOUNS, VERBS, TRAITS, ACTIONS, PLACES, ["the", "a", "and", "of", "in"]];
  const words: string[] = [];
  while (words.length < n) {
    const sentence = Array.from({ length: 8 + Math.floor(r.next() * 10) }, () => r.pick(r.pick(pools)));
    words.push(...sentence.join(" ").split(" "));
    words[words.length - 1] += ".";
  }
  return words.slice(0, n).join(" ");
}

const r = createRandom(29);
const texts = Array.from({ length: Math.max(GENERATIONS, STORED) }, () =>
  generation(r, 250 + Math.floor(r.next() * 151)),
);
const inStory = texts.slice(0, Math.floor(GENERATIONS / 5));
const marinHtml = inStory.map((t) => `<p>${t}</p>`).join("");
let bytes = (WORDS - countStoryWords(marinHtml).wordCount) * 6;
let html = longStoryHtml(bytes) + marinHtml;
while (countStoryWords(html).wordCount < WORDS) {
  bytes *= 1.05;
  html = longStoryHtml(bytes) + marinHtml;
}
const counts = countStoryWords(html);

const url = values["database-url"];
const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite" });
const { db } = database;
const config = loadConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000", SEED_DEMO: "false" });
const deps = await createDeps(config, database, { mailer: createDevOutbox(), now: () => new Date() });
const app = await buildApp(deps, { logger: false });
await app.ready();

const tag = Date.now() % 1e8;
async function writerWithStory(name: string) {
  const [user] = await db
    .insert(users)
    .values({ username: `${name}_${tag}`, email: `${name}${tag}@example.test`, emailVerified: true })
    .returning();
  const [story] = await db
    .insert(stories)
    .values({
      title: "Provenance bench",
      content: html,
      authorId: user!.id,
      ...counts,
      sanitizedWith: SANITIZER_VERSION,
    })
    .returning();
  const cookie = `${SESSION_COOKIE}=${(await createSession(db, user!.id, new Date())).token}`;
  return { user: user!, story: story!, cookie };
}

// The writer with GENERATIONS fingerprints, and the same story by a writer with none (what a save cost before).
const marin = await writerWithStory("prov");
const plain = await writerWithStory("plain");
for (const text of texts.slice(0, GENERATIONS))
  await recordFingerprint(db, { userId: marin.user.id, storyId: marin.story.id, kind: "generate", text });

const rows = await db
  .select({ shingles: marinFingerprints.shingles })
  .from(marinFingerprints)
  .where(eq(marinFingerprints.userId, marin.user.id));
const alone: number[] = [];
const withQuery: number[] = [];
let measured = 0;
for (let run = 0; run < RUNS; run++) {
  alone.push(
    await timed(async () => {
      measured = measureAiWords(html, counts.wordCount, new ShingleLookup(rows.map((row) => row.shingles)));
    }),
  );
  withQuery.push(await timed(() => measuredColumns(db, marin.user.id, html, counts.wordCount)));
}
const lookupSize = (await loadShingleLookup(db, marin.user.id)).size;

// Real saves: a word typed at the end, alternating between the two writers.
const saves = { marin: [] as number[], plain: [] as number[] };
for (let run = 0; run < RUNS + 3; run++) {
  for (const who of ["marin", "plain"] as const) {
    const { story, cookie } = who === "marin" ? marin : plain;
    const content = html.replace(/<\/p>$/, ` typed${run}</p>`);
    const ms = await timed(async () => {
      const res = await app.inject({
        method: "PATCH",
        url: `/api/stories/${story.id}`,
        payload: { content },
        headers: { cookie, origin: "http://localhost:3000" },
      });
      if (res.statusCode !== 200) throw new Error(`save: ${res.statusCode} ${res.body}`);
    });
    // NOTE: the first saves warm the JIT and the caches.
    if (run >= 3) saves[who].push(ms);
  }
}
const [share] = await db
  .select({ ai: stories.aiWordCount, words: stories.wordCount })
  .from(stories)
  .where(eq(stories.id, marin.story.id));

// Storage: STORED generations of one writer.
const keeper = await writerWithStory("keeper");
for (const text of texts.slice(0, STORED))
  await recordFingerprint(db, { userId: keeper.user.id, storyId: keeper.story.id, kind: "generate", text });
const [stored] = await db
  .select({
    n: sql<number>`count(*)::int`,
    words: sql<number>`sum(${marinFingerprints.words})::int`,
    bytes: sql<number>`sum(octet_length(${marinFingerprints.shingles}))::int`,
    rowBytes: sql<number>`sum(pg_column_size(${marinFingerprints}.*))::int`,
  })
  .from(marinFingerprints)
  .where(eq(marinFingerprints.userId, keeper.user.id));

console.log(
  `\n${database.kind}: a ${formatInt(counts.wordCount)}-word story, ${GENERATIONS} generations ` +
    `(${formatInt(lookupSize)} distinct windows), ${formatInt(measured)} words measured as Marin's ` +
    `(${((100 * (share?.ai ?? 0)) / (share?.words ?? 1)).toFixed(1)}% stored after the saves), ${RUNS} runs\n`,
);
const row = (name: string, xs: number[]) => [name, formatMs(quantile(xs, 0.5)), formatMs(quantile(xs, 0.95))];
printTable(
  ["", "p50", "p95"],
  [
    row("measure (lookup from rows + one pass)", alone),
    row("measure with its query (measuredColumns)", withQuery),
    row(`PATCH, writer with ${GENERATIONS} generations`, saves.marin),
    row("PATCH, writer with none", saves.plain),
  ],
);
const added = quantile(saves.marin, 0.5) - quantile(saves.plain, 0.5);
console.log(`\nadded to a save at p50: ${formatMs(added)} (budget 20 ms)`);
console.log(
  `${stored!.n} generations (${formatInt(stored!.words)} words): shingles ${formatInt(stored!.bytes)} bytes, ` +
    `rows ${formatInt(stored!.rowBytes)} bytes (budget 2 MB = ${formatInt(2 * 1024 * 1024)})`,
);
await app.close();
await database.close();
