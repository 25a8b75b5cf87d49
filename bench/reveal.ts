// Issue 33's reveal budget: revealing a collection of 2,000 anonymous and unrevealed works (200 writers, each
// followed by 5 readers; 100 subscribers of the collection; every work a gift) sends every held-back notification
// once, in under 60 s, without blocking saves. Times the reveal (the claim's transaction: sync of every work and the
// outbox rows) and the delivery of its three crowds (gifts, subscribers, followers) through the app's background
// fan-out, while a 'save' (a transaction updating one of the collection's works, as a save does) runs every 50 ms;
// then checks each notification exists exactly once.
//   npx tsx bench/reveal.ts --database-url postgres://postgres@127.0.0.1:5432/<scratch db> [--works 2000]
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { syncCollectionAnonymity } from "../src/server/collections/anonymity";
import { revealCollection } from "../src/server/collections/reveal";
import { openDatabase } from "../src/server/db/client";
import {
  collectionItems,
  collectionMaintainers,
  collections,
  collectionSubscriptions,
  follows,
  stories,
  storyGifts,
  users,
} from "../src/server/db/schema";
import { createDeps } from "../src/server/deps";
import { loadConfig } from "../src/server/env";
import { createDevOutbox } from "../src/server/mail/mailer";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    works: { type: "string", default: "2000" },
    subscribers: { type: "string", default: "100" },
    "database-url": { type: "string" },
  },
});
const WORKS = Number(values.works);
const WRITERS = Math.max(1, Math.round(WORKS / 10));
const FOLLOWERS_EACH = 5;
const SUBSCRIBERS = Number(values.subscribers);
const url = values["database-url"];
if (!url) console.warn("No --database-url: measuring PGlite in memory.");

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)]!;

const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite" });
const { db } = database;
const config = loadConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000", SEED_DEMO: "false" });
const deps = await createDeps(config, database, { mailer: createDevOutbox(), now: () => new Date() });
const app = await buildApp(deps, { logger: false });
await app.ready();

const tag = Date.now() % 1e8;
const people = async (prefix: string, count: number) => {
  const out: (typeof users.$inferSelect)[] = [];
  for (let i = 0; i < count; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
      username: `${prefix}${tag}_${i + j}`,
      email: `${prefix}${tag}_${i + j}@example.test`,
      emailVerified: true,
    }));
    out.push(...(await db.insert(users).values(rows).returning()));
  }
  return out;
};
const [owner] = await people("rvo", 1);
const writers = await people("rvw", WRITERS);
const followers = await people("rvf", WRITERS * FOLLOWERS_EACH);
const subscribers = await people("rvs", SUBSCRIBERS);
const recipients = await people("rvr", 500);
const works: (typeof stories.$inferSelect)[] = [];
for (let i = 0; i < WORKS; i += 500) {
  const rows = Array.from({ length: Math.min(500, WORKS - i) }, (_, j) => ({
    authorId: writers[(i + j) % WRITERS]!.id,
    title: `Reveal ${tag} ${i + j}`,
    content: "<p>Once upon a time, a lantern.</p>".repeat(10),
    published: true,
    publishedAt: new Date(),
  }));
  works.push(...(await db.insert(stories).values(rows).returning()));
}
await db.insert(follows).values(followers.map((f, i) => ({ followerId: f.id, authorId: writers[i % WRITERS]!.id })));
for (let i = 0; i < WORKS; i += 1000)
  await db
    .insert(storyGifts)
    .values(works.slice(i, i + 1000).map((w, j) => ({ storyId: w.id, userId: recipients[(i + j) % 500]!.id })));
const [fest] = await db
  .insert(collections)
  .values({ name: `reveal_${tag}`, title: "Reveal bench", ownerId: owner!.id, anonymous: true, unrevealed: true })
  .returning();
await db.insert(collectionMaintainers).values({ collectionId: fest!.id, userId: owner!.id, role: "owner" });
await db.insert(collectionSubscriptions).values(subscribers.map((s) => ({ collectionId: fest!.id, userId: s.id })));
for (let i = 0; i < WORKS; i += 1000)
  await db
    .insert(collectionItems)
    .values(works.slice(i, i + 1000).map((w) => ({ collectionId: fest!.id, storyId: w.id, state: "approved" })));
await syncCollectionAnonymity(db, fest!.id);
console.log(
  `${WORKS} works by ${WRITERS} writers, ${followers.length} followers, ${SUBSCRIBERS} subscribers, ${WORKS} gifts`,
);

// Saves meanwhile: a transaction rewriting one of the collection's works, every 50 ms.
const saves: number[] = [];
let saving = true;
const saver = (async () => {
  let i = 0;
  while (saving) {
    const work = works[(i++ * 7) % WORKS]!;
    const start = performance.now();
    await db.transaction(async (tx) => {
      await tx
        .update(stories)
        .set({ content: `<p>Saved ${i}.</p>`, updatedAt: new Date() })
        .where(eq(stories.id, work.id));
    });
    saves.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();
await new Promise((resolve) => setTimeout(resolve, 500));
const quiet = saves.length;

const start = performance.now();
const revealed = await revealCollection(db, fest!.id, new Date());
const claimed = performance.now() - start;
await deps.events.emit("collection.revealed", revealed);
await app.background.settled();
const total = performance.now() - start;
saving = false;
await saver;

const count = async (type: string) => {
  const result = (await db.execute(sql`select count(*)::int as n, count(distinct (user_id, dedupe_key))::int as d
    from notifications where type = ${type} and story_id in (select story_id from collection_items
      where collection_id = ${fest!.id})`)) as unknown as { rows: { n: number; d: number }[] };
  return result.rows[0]!;
};
const expected = { gift: WORKS, collection_work: WORKS * SUBSCRIBERS, new_story: WORKS * FOLLOWERS_EACH };
const rows = [];
let ok = true;
for (const [type, want] of Object.entries(expected)) {
  const { n, d } = await count(type);
  if (n !== want || d !== n) ok = false;
  rows.push([type, String(want), String(n), n === d ? "yes" : `NO (${n - d} twice)`]);
}
printTable(["notification", "expected", "sent", "each once"], rows);
const during = saves.slice(quiet);
printTable(
  ["measure", "value"],
  [
    ["reveal claimed (sync + outbox), ms", formatMs(claimed)],
    ["reveal and every notification sent, ms", formatMs(total)],
    ["saves during the reveal", String(during.length)],
    ["save latency median during, ms", formatMs(quantile(during, 0.5))],
    ["save latency p99 during, ms", formatMs(quantile(during, 0.99))],
    ["save latency max during, ms", formatMs(Math.max(...during))],
    ["save latency median before, ms", formatMs(quantile(saves.slice(0, quiet), 0.5))],
  ],
);
console.log(ok && total < 60_000 ? "OK: within budget, each notification once" : "FAILED");
await app.close();
await database.close();
process.exit(ok && total < 60_000 ? 0 : 1);
