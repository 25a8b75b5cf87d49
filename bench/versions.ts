// Issue 20 §1's budget: 1,000 versions of a 100,000-word story in under 20 MB, listing in under 50 ms, restoring any
// in under 200 ms, and a save of that story under 50 ms at p50. The real app in this process (app.inject) on PGlite
// in memory, or PostgreSQL with --database-url; the versions are taken as saves take them (recordVersion), each a
// few paragraphs changed like a stretch of typing, every 10th a Marin Rewrite of a paragraph into about 100 words.
//   npx tsx bench/versions.ts [--versions 1000] [--words 100000] [--runs 30] [--database-url postgres://...]
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { createSession, SESSION_COOKIE } from "../src/server/accounts/sessions";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { stories, storyVersions, users } from "../src/server/db/schema";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { createDevOutbox } from "../src/server/mail/mailer";
import { SANITIZER_VERSION } from "../src/server/content/sanitize-content";
import { countStoryWords } from "../src/server/content/story-text";
import { listVersions } from "../src/server/versions/version-queries";
import { KEYFRAME_EVERY, newestVersion } from "../src/server/versions/version-store";
import { longStoryHtml } from "./lib/long-story";
import { createRandom } from "./lib/random";
import { seedVersionHistory } from "./lib/version-history";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    versions: { type: "string", default: "1000" },
    words: { type: "string", default: "100000" },
    runs: { type: "string", default: "30" },
    "database-url": { type: "string" },
  },
});
const VERSIONS = Number(values.versions);
const RUNS = Number(values.runs);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

let bytes = Number(values.words) * 6;
let html = longStoryHtml(bytes);
while (countStoryWords(html).wordCount < Number(values.words)) {
  bytes *= 1.1;
  html = longStoryHtml(bytes);
}

const url = values["database-url"];
const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite" });
const { db } = database;
let clock = Date.now() - VERSIONS * 11 * 60_000;
const now = () => new Date(clock);
const config = loadConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000", SEED_DEMO: "false" });
const deps = await createDeps(config, database, { mailer: createDevOutbox(), now });
const app = await buildApp(deps, { logger: false });
await app.ready();

const [user] = await db
  .insert(users)
  .values({ username: `bench_${Date.now() % 1e6}`, email: `bench${Date.now()}@example.test`, emailVerified: true })
  .returning();
const [story] = await db
  .insert(stories)
  .values({
    title: "Versions bench",
    content: html,
    authorId: user!.id,
    ...countStoryWords(html),
    sanitizedWith: SANITIZER_VERSION,
  })
  .returning();
const storyId = story!.id;
const cookie = `${SESSION_COOKIE}=${(await createSession(db, user!.id, new Date())).token}`;
const inject = (method: "GET" | "POST" | "PATCH", path: string, payload?: object) =>
  app.inject({ method, url: path, payload, headers: { cookie, origin: "http://localhost:3000" } });

process.stdout.write(`taking ${VERSIONS} versions of a ${countStoryWords(html).wordCount}-word story`);
const history = await seedVersionHistory(db, storyId, html, VERSIONS, (done) => {
  if (done % 100 === 0) process.stdout.write(".");
});
const took = history.took;
// The app's clock goes on from the newest version (seeded 11 minutes apart, ending now).
clock = Date.now();
const r = createRandom(7);
process.stdout.write("\n");
const current = history.text;
await db
  .update(stories)
  .set({ content: current, ...countStoryWords(current) })
  .where(eq(stories.id, storyId));

const [stored] = await db
  .select({
    n: sql<number>`count(*)::int`,
    keyframes: sql<number>`count(*) filter (where ${storyVersions.keyframe})::int`,
    bytes: sql<number>`sum(octet_length(${storyVersions.data}))::int`,
  })
  .from(storyVersions)
  .where(eq(storyVersions.storyId, storyId));
const [table] = await db
  .select({ size: sql<number>`pg_total_relation_size('story_versions')::bigint` })
  .from(sql`(select 1) as one`);
const tableBytes = Number(table?.size ?? 0);

const ids = (await listVersions(db, storyId, { limit: VERSIONS })).rows.map((v) => v.id);
const listAll: number[] = [];
const listPage: number[] = [];
const diffs: number[] = [];
for (let run = 0; run < RUNS; run++) {
  listAll.push(await timed(() => listVersions(db, storyId, { limit: VERSIONS })));
  listPage.push(await timed(() => inject("GET", `/api/stories/${storyId}/versions`)));
}
for (let run = 0; run < Math.min(RUNS, 10); run++) {
  const id = ids[Math.floor(r.next() * ids.length)]!;
  diffs.push(await timed(() => inject("GET", `/api/stories/${storyId}/versions/${id}?diff=current`)));
}

// Saves while typing (within the 10-minute window: no version), then restores of versions anywhere in the history,
// including the one furthest from its keyframe (the newest keyframe's chain end).
const saves: number[] = [];
let typed = current;
for (let run = 0; run < RUNS; run++) {
  clock += 3_000;
  typed = typed.replace(/<\/p>$/, ` word${run}</p>`);
  saves.push(await timed(() => inject("PATCH", `/api/stories/${storyId}`, { content: typed })));
}
// What versions add to such a save: the one indexed read of the newest version (coalescing).
const coalesce: number[] = [];
for (let run = 0; run < RUNS; run++) coalesce.push(await timed(() => newestVersion(db, storyId)));
const restores: number[] = [];
for (let run = 0; run < Math.min(RUNS, 20); run++) {
  clock += 60_000;
  const id = run === 0 ? ids[ids.length - KEYFRAME_EVERY]! : ids[Math.floor(r.next() * ids.length)]!;
  const res = await inject("POST", `/api/stories/${storyId}/versions/${id}/restore`);
  if (res.statusCode !== 200) throw new Error(`restore ${id}: ${res.statusCode} ${res.body}`);
  restores.push(await timed(() => inject("POST", `/api/stories/${storyId}/versions/${id}/restore`)));
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
console.log(
  `${stored!.n} versions (${stored!.keyframes} keyframes) of ${countStoryWords(html).wordCount}-${countStoryWords(current).wordCount} words ` +
    `(${mb(Buffer.byteLength(current))} of HTML) on ${url ? "PostgreSQL" : "PGlite"}`,
);
printTable(
  ["what", "median", "p90", "budget"],
  [
    ["stored version data", mb(stored!.bytes), "", "20 MB"],
    ["story_versions table on disk (with indexes)", mb(tableBytes), "", "20 MB"],
    ["take a version (recordVersion)", formatMs(median(took)), formatMs(p90(took)), ""],
    [`list all ${VERSIONS} (query)`, formatMs(median(listAll)), formatMs(p90(listAll)), "50 ms"],
    ["GET /versions (first page of 100)", formatMs(median(listPage)), formatMs(p90(listPage)), "50 ms"],
    ["GET /versions/{v}?diff=current", formatMs(median(diffs)), formatMs(p90(diffs)), ""],
    ["POST /versions/{v}/restore", formatMs(median(restores)), formatMs(p90(restores)), "200 ms"],
    ["PATCH save while typing", formatMs(median(saves)), formatMs(p90(saves)), "50 ms p50"],
    ["  of which versions (coalescing read)", formatMs(median(coalesce)), formatMs(p90(coalesce)), ""],
  ],
);
await app.close();
await database.close();
