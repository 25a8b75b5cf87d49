// The lorebook's cost on Marin's time to first token (issue 20's budget: under 5 ms with 500 entries). Two stories per
// user with the same text naming 500 characters; one has a lorebook entry for each (so all 500 match and the budget
// cuts them), the other has none. Chats about each go through /api/chat-with-marin (SSE) against the local
// OpenAI-compatible peer, alternating; prints medians, p90s and the difference of the medians. Then the selection
// alone (selectLore over 500 matching entries and the prompt's story text), in-process.
//   npx tsx bench/lore.ts [--runs 200] [--warmup 20] [--entries 500] [--database-url postgres://...]
import { parseArgs } from "node:util";
import { AI_REQUESTS_PER_MINUTE } from "../src/server/ai/quota";
import { openDatabase } from "../src/server/db/client";
import { loreEntries } from "../src/server/db/schema";
import { loreForStory } from "../src/server/lore/load";
import { type LoreCandidate, selectLore } from "../src/server/lore/select";
import { createStory, createUser } from "../src/server/test/factories";
import { startServerProcess } from "./lib/ipc";
import { formatMs } from "./lib/table";
import { alternate, firstDeltaMs, printTtft, quantile } from "./lib/ttft";
import type { LoreStories, MarinServerOptions } from "./servers/marin-server";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    entries: { type: "string", default: "500" },
    "database-url": { type: "string" },
  },
});
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);
const ENTRIES = Number(values.entries);

const peer = await startServerProcess<{ url: string }>(new URL("./servers/openai-peer-server.ts", import.meta.url), {
  delayMs: 20,
});
const server = await startServerProcess<{
  port: number;
  cookies: string[];
  loreStories: LoreStories[];
  origin: string;
  db: string;
}>(new URL("./servers/marin-server.ts", import.meta.url), {
  aiBaseUrl: peer.ready.url,
  databaseUrl: values["database-url"],
  // Each user is allowed AI_REQUESTS_PER_MINUTE a minute; half the users chat about their plain story, half about
  // their lorebook story (so the lorebooks in use, 25 x 500 entries at 200 runs, fit the server's lorebook cache).
  users: 2 * (Math.ceil((RUNS + WARMUP) / (AI_REQUESTS_PER_MINUTE - 1)) + 1),
  loreEntries: ENTRIES,
} satisfies MarinServerOptions);
const base = `http://127.0.0.1:${server.ready.port}`;
const { cookies, loreStories, origin } = server.ready;

const half = Math.floor(cookies.length / 2);
const next = { plain: 0, withLore: 0 };
async function timeToFirstToken(which: keyof LoreStories): Promise<number> {
  const user = (next[which]++ % half) + (which === "plain" ? 0 : half);
  const started = performance.now();
  const response = await fetch(`${base}/api/chat-with-marin`, {
    method: "POST",
    headers: { cookie: cookies[user]!, origin, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({
      storyId: loreStories[user]![which],
      messages: [{ role: "user", content: "What should Name7 and Name42 do next?" }],
    }),
  });
  return firstDeltaMs(response, started);
}

// Every lorebook story is read once first (the context preview charges nothing), as a writer's first message would.
for (let user = half; user < cookies.length; user++) {
  const response = await fetch(`${base}/api/marin/context`, {
    method: "POST",
    headers: { cookie: cookies[user]!, origin, "content-type": "application/json" },
    body: JSON.stringify({
      kind: "chat",
      storyId: loreStories[user]!.withLore,
      messages: [{ role: "user", content: "Hi" }],
    }),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
}

const PATHS = [
  { name: "story without a lorebook", which: "plain" as const, ms: [] as number[] },
  { name: `story with ${ENTRIES} entries, all matching`, which: "withLore" as const, ms: [] as number[] },
];
await alternate(PATHS, { warmup: WARMUP, runs: RUNS }, timeToFirstToken);
await server.stop();
await peer.stop();

console.log(`\nMarin's time to first token, ${RUNS} runs per story after ${WARMUP} warm-up, ${server.ready.db}:\n`);
printTtft("story", PATHS, "the lorebook");

// The selection alone: 500 entries with three keys each, every one named in 16,000 characters of story text.
const entries: LoreCandidate[] = Array.from({ length: ENTRIES }, (_, i) => ({
  id: i,
  kind: "character",
  name: `Name${i}`,
  keys: [`Alias${i}`, `The Name${i}`],
  description: "A character with a long description. ".repeat(5),
  source: "story",
}));
const story = Array.from({ length: 16_000 / 40 }, (_, i) => `Name${i % ENTRIES} walked in. Alias${i % ENTRIES} spoke.`)
  .join(" ")
  .slice(0, 16_000);
const select: number[] = [];
for (let i = 0; i < 220; i++) {
  const started = performance.now();
  selectLore(entries, { story, request: "What should Name7 and Name42 do next?" });
  if (i >= 20) select.push(performance.now() - started);
}
console.log(`selectLore over ${ENTRIES} matching entries, in-process: median ${formatMs(quantile(select, 0.5))}`);

// The loader alone, in-process on a fresh PGlite (or the given PostgreSQL): the first read of a 500-entry lorebook,
// then reads while nothing changed (one fingerprint query, the rows from the lorebook cache).
const database = await openDatabase(
  values["database-url"] ? { kind: "postgres", url: values["database-url"] } : { kind: "pglite" },
);
const author = await createUser(database.db);
const loreStory = await createStory(database.db, { authorId: author.id });
await database.db.insert(loreEntries).values(
  entries.map((e) => ({
    storyId: loreStory.id,
    kind: e.kind,
    name: e.name,
    keys: e.keys,
    description: e.description,
  })),
);
const timeLoad = async () => {
  const started = performance.now();
  await loreForStory(database.db, loreStory);
  return performance.now() - started;
};
const cold = await timeLoad();
const warm: number[] = [];
for (let i = 0; i < 120; i++) {
  const ms = await timeLoad();
  if (i >= 20) warm.push(ms);
}
console.log(
  `loreForStory with ${ENTRIES} entries, in-process (${database.kind}): first read ${formatMs(cold)}, cached median ${formatMs(quantile(warm, 0.5))}`,
);
await database.close();
