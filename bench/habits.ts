// Issue 20's save budget (under 50 ms at p50 for a 100,000-word story) and what writing habits add to it: times
// updateStory (the PATCH handler's command) on a 100,000-word story, each save adding a sentence of the writer's own,
// and, apart, the habits step alone (countSavedWords: the settings read and the day's upsert).
//   npx tsx bench/habits.ts [--words 100000] [--runs 30] [--database-url postgres://...]
import { parseArgs } from "node:util";
import { openDatabase } from "../src/server/db/client";
import { countSavedWords } from "../src/server/habits/count-saved-words";
import { createDiskStorage } from "../src/server/images/storage/disk";
import { updateStory } from "../src/server/stories/update-story";
import { countStoryWords } from "../src/server/content/story-text";
import { createStory, createUser } from "../src/server/test/factories";
import { longStoryHtml } from "./lib/long-story";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const { values } = parseArgs({
  options: {
    words: { type: "string", default: "100000" },
    runs: { type: "string", default: "30" },
    "database-url": { type: "string" },
  },
});
const RUNS = Number(values.runs);
const url = values["database-url"];
const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite" });
const db = database.db;

let bytes = Number(values.words) * 6;
let html = longStoryHtml(bytes);
while (countStoryWords(html).wordCount < Number(values.words)) {
  bytes *= 1.1;
  html = longStoryHtml(bytes);
}
const user = await createUser(db);
const story = await createStory(db, { authorId: user.id, content: html, ...countStoryWords(html) });
const storage = createDiskStorage(mkdtempSync(join(tmpdir(), "ff-bench-habits-")));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const saves: number[] = [];
const habits: number[] = [];
let content = html;
for (let run = 0; run < RUNS + 3; run++) {
  content += `<p>The keeper wrote line ${run} of her log by the light of the lamp.</p>`;
  const start = performance.now();
  await updateStory(db, storage, user, story.id, { content }, new Date());
  const saved = performance.now() - start;
  const before = { content: "", wordCount: 1000, aiWordCount: 0 };
  const habitStart = performance.now();
  await countSavedWords(db, user.id, before, { wordCount: 1010, aiWordCount: 0 }, new Date());
  const habit = performance.now() - habitStart;
  // The first runs warm the caches and the JIT.
  if (run >= 3) {
    saves.push(saved);
    habits.push(habit);
  }
}
console.log(`database: ${database.kind}; story: ${countStoryWords(content).wordCount} words; runs: ${RUNS}`);
console.log(`save (updateStory, habits included): median ${median(saves).toFixed(1)} ms`);
console.log(`habits step alone (countSavedWords): median ${median(habits).toFixed(2)} ms`);
await database.close();
