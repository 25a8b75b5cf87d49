// What a lorebook import costs at its limits (issue 32, section 2): a SillyTavern World Info file of 5,000 entries
// just under 10 MB, read (bounded pre-scan + JSON.parse), cleaned and imported into a story's lorebook (500 land, the
// rest are reported); and a hostile 10 MB file of tiny objects, refused by the pre-scan before parsing. Prints wall
// time and the process's peak RSS and heap rise over each step, sampled every 2 ms.
//   npx tsx --expose-gc bench/lore-import.ts [--runs 3] [--database-url postgres://...]
import { parseArgs } from "node:util";
import { LORE_IMPORT_LIMITS } from "../src/shared/schemas/lore-io";
import { openDatabase } from "../src/server/db/client";
import { loreEntries } from "../src/server/db/schema";
import { readLorebookFile } from "../src/server/lore/lore-formats";
import { importLorebook } from "../src/server/lore/lore-import";
import { createStory, createUser } from "../src/server/test/factories";
import { eq } from "drizzle-orm";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, "database-url": { type: "string" } },
});
const RUNS = Number(values.runs);
const MB = 1024 * 1024;

function worldInfoFile(): Buffer {
  const entries: Record<string, unknown> = {};
  const n = LORE_IMPORT_LIMITS.fileEntries;
  // Each entry's content sized so the whole file lands just under the 10 MB limit.
  const content = "The tide covers the gate of the drowned keep; ".repeat(41).slice(0, 1900);
  for (let uid = 0; uid < n; uid++) {
    entries[uid] = {
      uid,
      key: [`Name${uid}`, `Alias ${uid}`],
      keysecondary: [],
      comment: `Entry ${uid}`,
      content: `<p>${content}</p>`,
      constant: false,
      selective: true,
      order: 100,
      position: 0,
      disable: uid % 10 === 0,
      probability: 100,
      depth: 4,
      group: "",
      displayIndex: uid,
    };
  }
  return Buffer.from(JSON.stringify({ entries }));
}

async function measure<T>(run: () => Promise<T> | T): Promise<{ ms: number; rss: number; heap: number; value: T }> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage();
  let peak = { rss: start.rss, heap: start.heapUsed };
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed) };
  }, 2);
  const began = performance.now();
  const value = await run();
  const ms = performance.now() - began;
  clearInterval(timer);
  const end = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, end.rss), heap: Math.max(peak.heap, end.heapUsed) };
  return { ms, rss: peak.rss - start.rss, heap: peak.heap - start.heapUsed, value };
}

const database = await openDatabase(
  values["database-url"] ? { kind: "postgres", url: values["database-url"] } : { kind: "pglite" },
);
const file = worldInfoFile();
const hostile = Buffer.from(`{"entries":[${"{},".repeat(Math.floor((10 * MB - 20) / 3))}{}]}`);
const user = await createUser(database.db);
const rows: string[][] = [];
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

for (let run = 0; run < RUNS; run++) {
  const story = await createStory(database.db, { authorId: user.id });
  const read = await measure(() => readLorebookFile(file));
  const whole = await measure(() => importLorebook(database.db, story.id, readLorebookFile(file)));
  const refused = await measure(() => {
    try {
      readLorebookFile(hostile);
      return "parsed";
    } catch (error) {
      return (error as { status?: number }).status;
    }
  });
  const stored = await database.db.select().from(loreEntries).where(eq(loreEntries.storyId, story.id));
  rows.push(
    [`read ${mb(file.length)}, 5,000 entries`, formatMs(read.ms), mb(read.rss), mb(read.heap), ""],
    [
      "read + clean + import",
      formatMs(whole.ms),
      mb(whole.rss),
      mb(whole.heap),
      `${whole.value.imported} imported (${stored.length} stored), ${whole.value.skippedTotal} skipped`,
    ],
    [
      `hostile ${mb(hostile.length)} of {}`,
      formatMs(refused.ms),
      mb(refused.rss),
      mb(refused.heap),
      `answer ${refused.value}`,
    ],
  );
}
printTable(["step", "wall", "peak RSS rise", "peak heap rise", "result"], rows);
await database.close();
