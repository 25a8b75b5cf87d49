// Issue 32's lorebook budgets, in-process on a fresh PGlite (or the given PostgreSQL): where 500 entries are mentioned
// in a 100,000-word story of 40 chapters (budget: under 100 ms on the server, cached per saved version) — the count
// alone, the first request's whole path (lorebook read, chapter split, count) and later ones from the cache — and
// loreForStory for a story in a series (its own, its series' and its canon pack's entries): first read and cached.
//   npx tsx bench/lore-mentions.ts [--entries 500] [--words 100000] [--database-url postgres://...]
import { parseArgs } from "node:util";
import { openDatabase } from "../src/server/db/client";
import { canonPacks, loreEntries, series, seriesWorks } from "../src/server/db/schema";
import { loreForStory } from "../src/server/lore/load";
import { countMentions, storyMentions, storyWords } from "../src/server/lore/mentions";
import { createStory, createUser } from "../src/server/test/factories";
import { formatMs } from "./lib/table";

const { values } = parseArgs({
  options: {
    entries: { type: "string", default: "500" },
    words: { type: "string", default: "100000" },
    "database-url": { type: "string" },
  },
});
const ENTRIES = Number(values.entries);
const WORDS = Number(values.words);
const CHAPTERS = 40;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] ?? 0;
// NOTE: CPU time is printed beside wall time: on a machine shared with other work, wall time mostly measures the wait.
const cpu: number[] = [];
async function time(runs: number, run: () => unknown): Promise<number[]> {
  const ms: number[] = [];
  cpu.length = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const used = process.cpuUsage();
    await run();
    const spent = process.cpuUsage(used);
    cpu.push((spent.user + spent.system) / 1000);
    ms.push(performance.now() - started);
  }
  return ms;
}
const cpuMedian = () => ` (CPU ${formatMs(quantile(cpu, 0.5))})`;

// Ordinary prose with one entry's name or alias every ~25 words; half the entries are never named.
const filler = "the wind moved over the grey water while they walked and talked of older days".split(" ");
const paragraphs: string[] = [];
let written = 0;
for (let p = 0; written < WORDS; p++) {
  const words: string[] = [];
  for (let w = 0; w < 100; w++) {
    words.push(
      w % 25 === 0
        ? p % 2
          ? `Name${(p * 4 + w) % (ENTRIES / 2)}`
          : `Alias ${(p + w) % (ENTRIES / 2)}`
        : filler[(p + w) % filler.length]!,
    );
  }
  written += words.length;
  paragraphs.push(`<p>${words.join(" ")}.</p>`);
}
const perChapter = Math.ceil(paragraphs.length / CHAPTERS);
const content = Array.from(
  { length: CHAPTERS },
  (_, c) => `<h2>Chapter ${c + 1}</h2>${paragraphs.slice(c * perChapter, (c + 1) * perChapter).join("")}`,
).join("");
const entries = Array.from({ length: ENTRIES }, (_, i) => ({
  kind: "character" as const,
  name: `Name${i}`,
  keys: [`Alias ${i}`, `The Name${i}`, `Nick${i}`],
  description: "A character with a long description. ".repeat(5),
}));

const database = await openDatabase(
  values["database-url"] ? { kind: "postgres", url: values["database-url"] } : { kind: "pglite" },
);
const db = database.db;
const author = await createUser(db);
const story = await createStory(db, { authorId: author.id, content, fandoms: ["Bench Fandom"] });
await db.insert(loreEntries).values(entries.map((e) => ({ ...e, storyId: story.id })));

console.log(
  `\nMentions of ${ENTRIES} entries (4 keys each) in ${written.toLocaleString("en-US")} words, ${CHAPTERS} chapters, ${database.kind}:`,
);
const split = await time(10, () => storyWords(content));
console.log(`  story to words and chapters: median ${formatMs(quantile(split, 0.5))}${cpuMedian()}`);
const texts = storyWords(content);
const count = await time(10, () => countMentions(entries, texts));
console.log(`  count alone:           median ${formatMs(quantile(count, 0.5))}${cpuMedian()}`);
const cold = await time(1, () => storyMentions(db, story));
console.log(
  `  first request (read lorebook, split, count): ${formatMs(cold[0]!)}${cpuMedian()} (budget: under 100 ms)`,
);
const cached = await time(100, () => storyMentions(db, story));
console.log(
  `  cached (fingerprint query only): median ${formatMs(quantile(cached, 0.5))}, p90 ${formatMs(quantile(cached, 0.9))}${cpuMedian()}`,
);
const recounts = await time(5, () => storyMentions(db, { ...story, version: story.version + Math.random() }));
console.log(
  `  a new saved version (recount, lorebook read): median ${formatMs(quantile(recounts, 0.5))}${cpuMedian()}`,
);

// loreForStory for a story in a series: 200 own entries, the series' 500, a canon pack's 200.
const [bookSeries] = await db.insert(series).values({ ownerId: author.id, title: "Bench Series" }).returning();
const [pack] = await db.insert(canonPacks).values({ ownerId: author.id, fandom: "Bench Fandom" }).returning();
const inSeries = await createStory(db, { authorId: author.id, fandoms: ["Bench Fandom"] });
await db.insert(seriesWorks).values({ seriesId: bookSeries!.id, storyId: inSeries.id, position: 1 });
await db
  .insert(loreEntries)
  .values([
    ...entries.slice(0, 200).map((e) => ({ ...e, storyId: inSeries.id })),
    ...entries.map((e) => ({ ...e, seriesId: bookSeries!.id })),
    ...entries.slice(0, 200).map((e) => ({ ...e, canonPackId: pack!.id, name: `Pack ${e.name}` })),
  ]);
const first = await time(1, () => loreForStory(db, inSeries));
const warm = await time(100, () => loreForStory(db, inSeries));
const candidates = await loreForStory(db, inSeries);
console.log(
  `\nloreForStory, story in a series (200 own + 500 series + 200 pack entries → ${candidates.length} candidates): first read ${formatMs(first[0]!)}, cached median ${formatMs(quantile(warm, 0.5))}, p90 ${formatMs(quantile(warm, 0.9))}`,
);
await database.close();
