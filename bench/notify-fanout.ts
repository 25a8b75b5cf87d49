// Publishing a chapter of a story with 10,000 subscribers: how long the fan-out takes to queue every notification,
// and whether a save running at the same time slows down. PGlite (in memory) by default, or PostgreSQL:
//   npx tsx bench/notify-fanout.ts [--database-url postgres://.../scratch_db] [--subscribers 10000]
// Seeds users and subscriptions with generate_series (half with verified emails, a tenth with the type off), then
// times notifyNewChapters for chapter 2, a second run (all duplicates: nothing inserted), and a story save alone
// versus the same save while a fan-out (chapter 3) runs.
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { notifyNewChapters } from "../src/server/community/notify";
import { openDatabase } from "../src/server/db/client";
import { notifications, stories, users } from "../src/server/db/schema";

const { values } = parseArgs({
  options: { "database-url": { type: "string" }, subscribers: { type: "string", default: "10000" } },
});
const url = values["database-url"];
const n = Number(values.subscribers);
const database = url ? await openDatabase({ kind: "postgres", url }) : await openDatabase({ kind: "pglite" });
const db = database.db;

const [author] = await db
  .insert(users)
  .values({ username: "bench_author", email: "bench_author@example.test" })
  .returning();
const [story] = await db
  .insert(stories)
  .values({ title: "Bench", content: "<p>x</p>", authorId: author!.id, published: true, publishedAt: new Date() })
  .returning();
await db.execute(sql`
  insert into users (username, email, email_verified)
  select 'bench_reader_' || i, 'bench_reader_' || i || '@example.test', i % 2 = 0 from generate_series(1, ${n}) i`);
await db.execute(sql`
  insert into story_subscriptions (user_id, story_id)
  select id, ${story!.id} from users where username like 'bench_reader_%'`);
await db.execute(sql`
  insert into notification_settings (user_id, type, channel)
  select id, 'new_chapter', 'off' from users where username like 'bench_reader_%' and id % 10 = 0`);
if (url) await db.execute(sql`analyze`);

const time = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
};
const save = (i: number) =>
  time(() =>
    db
      .update(stories)
      .set({ content: `<p>save ${i}</p>`, updatedAt: new Date() })
      .where(eq(stories.id, story!.id)),
  );

const alone: number[] = [];
for (let i = 0; i < 5; i++) alone.push((await save(i))[1]);
// NOTE: PGlite runs in this process, so its CPU time is the fan-out's own cost, whatever the machine's load.
const cpuBefore = process.cpuUsage();
const [inserted, firstMs] = await time(() => notifyNewChapters(db, story!.id, [2]));
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
const [again, againMs] = await time(() => notifyNewChapters(db, story!.id, [2]));
const fanOut = time(() => notifyNewChapters(db, story!.id, [3]));
const during: number[] = [];
for (let i = 0; i < 5; i++) during.push((await save(10 + i))[1]);
const [third, thirdMs] = await fanOut;
const counted = await db.execute(
  sql`select count(*)::int as pending from ${notifications} where email_state = 'pending'`,
);
const pending = (counted as unknown as { rows: { pending: number }[] }).rows[0]?.pending;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
console.log(`database: ${database.kind}, subscribers: ${n}`);
console.log(
  `chapter 2 fan-out: ${inserted} notifications in ${firstMs.toFixed(0)} ms` +
    (url ? "" : ` (this process's CPU: ${cpuMs.toFixed(0)} ms)`),
);
console.log(`chapter 2 again (duplicates): ${again} inserted in ${againMs.toFixed(0)} ms`);
console.log(`chapter 3 fan-out (with saves running): ${third} in ${thirdMs.toFixed(0)} ms; email pending: ${pending}`);
const max = (xs: number[]) => Math.max(...xs).toFixed(1);
console.log(
  `story save, median/max of 5: alone ${median(alone)}/${max(alone)} ms, during a fan-out ${median(during)}/${max(during)} ms`,
);
await database.close();
