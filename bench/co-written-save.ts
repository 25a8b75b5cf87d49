// Issue 30's budget: a co-written work's save costs within 5% of a single author's. The real app in this process
// (app.inject) on PGlite in memory, or PostgreSQL with --database-url: two stories of the same size, one written
// alone, one by its creator and co-creators (among `--rows` other co-creator rows, so the lookup meets a real index);
// their saves interleaved (each a paragraph changed, sent with its version), the single author saving one and a
// co-creator the other. Prints p50 and p90 of each, the ratio of the p50s and the median ratio of back-to-back pairs.
//   npx tsx bench/co-written-save.ts [--words 5000] [--runs 200] [--rows 20000] [--database-url postgres://...]
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createSession, SESSION_COOKIE } from "../src/server/accounts/sessions";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { stories, storyCoCreators, users } from "../src/server/db/schema";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { createDevOutbox } from "../src/server/mail/mailer";
import { SANITIZER_VERSION } from "../src/server/content/sanitize-content";
import { countStoryWords } from "../src/server/content/story-text";
import { longStoryHtml } from "./lib/long-story";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    words: { type: "string", default: "5000" },
    runs: { type: "string", default: "200" },
    rows: { type: "string", default: "20000" },
    "database-url": { type: "string" },
  },
});
const RUNS = Number(values.runs);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], q: number) => sorted(xs)[Math.floor(xs.length * q)]!;

let bytes = Number(values.words) * 6;
let html = longStoryHtml(bytes);
while (countStoryWords(html).wordCount < Number(values.words)) {
  bytes *= 1.1;
  html = longStoryHtml(bytes);
}

const url = values["database-url"];
const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite" });
const { db } = database;
const config = loadConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000", SEED_DEMO: "false" });
const deps = await createDeps(config, database, { mailer: createDevOutbox() });
const app = await buildApp(deps, { logger: false });
await app.ready();

const tag = `${Date.now() % 1e7}`;
const people = await db
  .insert(users)
  .values(
    Array.from({ length: 12 }, (_, i) => ({
      username: `cw${tag}_${i}`,
      email: `cw${tag}_${i}@example.test`,
      emailVerified: true,
    })),
  )
  .returning({ id: users.id });
const [creator, coCreator, ...others] = people.map((p) => p.id);
const counts = countStoryWords(html);
const make = (title: string) =>
  db
    .insert(stories)
    .values({ title, content: html, authorId: creator!, ...counts, sanitizedWith: SANITIZER_VERSION })
    .returning({ id: stories.id })
    .then((rows) => rows[0]!.id);
const alone = await make("Written alone");
const together = await make("Written together");
await db.insert(storyCoCreators).values(
  [coCreator!, ...others].map((userId, i) => ({
    storyId: together,
    userId,
    invitedBy: creator!,
    state: "accepted",
    position: i + 1,
  })),
);
// Other works' co-creators, so the lookup meets an index of a realistic size.
const filler = Number(values.rows);
if (filler > 0) {
  await db.execute(sql`insert into stories (title, content, author_id)
    select 'filler ' || g, '<p>x</p>', ${creator!} from generate_series(1, ${Math.ceil(filler / 10)}) g`);
  await db.execute(sql`insert into story_co_creators (story_id, user_id, invited_by, state, position)
    select s.id, o.id, ${creator!}, 'accepted', 1 from stories s cross join unnest(array[${sql.join(
      others.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]) as o(id) where s.title like 'filler %' and s.author_id = ${creator!}`);
}
await db.execute(sql`analyze story_co_creators`);
await db.execute(sql`analyze stories`);

const cookieOf = async (userId: number) => `${SESSION_COOKIE}=${(await createSession(db, userId, new Date())).token}`;
const [creatorCookie, coCookie] = [await cookieOf(creator!), await cookieOf(coCreator!)];
const versions = new Map<number, number>([
  [alone, 1],
  [together, 1],
]);

async function save(storyId: number, cookie: string, n: number): Promise<number> {
  const content = html.replace("<p>", `<p>Edit ${n}. `);
  const start = performance.now();
  const res = await app.inject({
    method: "PATCH",
    url: `/api/stories/${storyId}`,
    payload: { content, version: versions.get(storyId) },
    headers: { cookie, origin: "http://localhost:3000" },
  });
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`save answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  versions.set(storyId, res.json().version);
  return ms;
}

// Warm both paths, then interleave so drift (caches, autovacuum) falls on both alike.
for (let i = 0; i < 10; i++) {
  await save(alone, creatorCookie, -i);
  await save(together, coCookie, -i);
}
const single: number[] = [];
const coWritten: number[] = [];
for (let i = 0; i < RUNS; i++) {
  if (i % 2 === 0) {
    single.push(await save(alone, creatorCookie, i));
    coWritten.push(await save(together, coCookie, i));
  } else {
    coWritten.push(await save(together, coCookie, i));
    single.push(await save(alone, creatorCookie, i));
  }
}

printTable(
  [`save of a ${counts.wordCount.toLocaleString("en-US")}-word story`, "p50", "p90"],
  [
    ["single author (creator saves)", formatMs(at(single, 0.5)), formatMs(at(single, 0.9))],
    [
      `co-written (a co-creator of ${others.length + 1} saves)`,
      formatMs(at(coWritten, 0.5)),
      formatMs(at(coWritten, 0.9)),
    ],
  ],
);
const ratio = at(coWritten, 0.5) / at(single, 0.5);
// Each pair was measured back to back: the median of their ratios is less at the mercy of a busy machine's drift.
const paired = at(
  coWritten.map((ms, i) => ms / single[i]!),
  0.5,
);
console.log(
  `co-written / single p50: ${ratio.toFixed(3)}, median of paired ratios: ${paired.toFixed(3)} (budget 1.05) on ${database.kind}, ${RUNS} saves each, ${filler} other co-creator rows`,
);
await app.close();
await database.close();
