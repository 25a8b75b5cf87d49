// The planning board's cost on Marin's time to first token (issue 32's budget: under 5 ms). Each user has two
// stories with the same text: one with no board, one with a full one (a 20,000-character braindump, a 5,000-character
// synopsis, 200 chapters of 10 beats: about 230 KB, near the 256 KB cap). Chats about each go through
// /api/chat-with-marin (SSE) against the local OpenAI-compatible peer, alternating; prints p25, medians, p90s and the
// difference of the medians. Then in-process: reading the board (loadPlan) and building the prompt with and without it.
//   npx tsx bench/plan-ttft.ts [--runs 200] [--warmup 20] [--database-url postgres://...]
import { parseArgs } from "node:util";
import { PLAN_LIMITS, type StoryPlan } from "../src/shared/schemas/plan";
import { buildPrompt } from "../src/server/ai/prompt";
import { AI_REQUESTS_PER_MINUTE } from "../src/server/ai/quota";
import { openDatabase } from "../src/server/db/client";
import { excerptOf } from "../src/server/ai/plan-prompt";
import { loadPlan, loadPlanExcerpt, savePlan } from "../src/server/plans/store";
import { createStory, createUser } from "../src/server/test/factories";
import { startServerProcess } from "./lib/ipc";
import { formatMs } from "./lib/table";
import { alternate, firstDeltaMs, printTtft, quantile } from "./lib/ttft";
import type { MarinServerOptions } from "./servers/marin-server";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    "database-url": { type: "string" },
  },
});
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);

const FULL_BOARD: StoryPlan = {
  braindump: "Ren and Mika chase a stolen map across the floating city. "
    .repeat(340)
    .slice(0, PLAN_LIMITS.braindumpChars),
  synopsis: "A thief and a guard chase a stolen map across a floating city. "
    .repeat(80)
    .slice(0, PLAN_LIMITS.synopsisChars),
  chapters: Array.from({ length: PLAN_LIMITS.chapters }, (_, c) => ({
    title: `Chapter ${c + 1}: the ${c % 2 ? "chase" : "harbour"} and what Ren finds there`,
    beats: Array.from(
      { length: 10 },
      (_, b) => `Beat ${b + 1}: Ren and Mika argue about the map, then run for the docks.`,
    ),
  })),
};
const CONTENT = `<h2>Chapter 1: Bells</h2>${"<p>Ren woke to bells. Mika was already gone with the map.</p>".repeat(200)}`;

const peer = await startServerProcess<{ url: string }>(new URL("./servers/openai-peer-server.ts", import.meta.url), {
  delayMs: 20,
});
const server = await startServerProcess<{ port: number; cookies: string[]; origin: string; db: string }>(
  new URL("./servers/marin-server.ts", import.meta.url),
  {
    aiBaseUrl: peer.ready.url,
    databaseUrl: values["database-url"],
    users: Math.ceil((2 * (RUNS + WARMUP)) / (AI_REQUESTS_PER_MINUTE - 1)) + 1,
  } satisfies MarinServerOptions,
);
const base = `http://127.0.0.1:${server.ready.port}`;
const { cookies, origin } = server.ready;
const headers = (cookie: string) => ({ cookie, origin, "content-type": "application/json" });

async function api(cookie: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, { method, headers: headers(cookie), body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}: ${await response.text()}`);
  return response.json() as Promise<{ id: number }>;
}

// Each user: a story without a board and the same story with the full board.
const stories: { plain: number; withPlan: number }[] = [];
for (const cookie of cookies) {
  const plain = await api(cookie, "POST", "/api/stories", { title: "Bells", content: CONTENT });
  const withPlan = await api(cookie, "POST", "/api/stories", { title: "Bells", content: CONTENT });
  await api(cookie, "PUT", `/api/stories/${withPlan.id}/plan`, FULL_BOARD);
  stories.push({ plain: plain.id, withPlan: withPlan.id });
}

let turn = 0;
async function timeToFirstToken(which: "plain" | "withPlan"): Promise<number> {
  const user = Math.floor(turn++ / 2) % cookies.length;
  const started = performance.now();
  const response = await fetch(`${base}/api/chat-with-marin`, {
    method: "POST",
    headers: { ...headers(cookies[user]!), accept: "text/event-stream" },
    body: JSON.stringify({ storyId: stories[user]![which], messages: [{ role: "user", content: "What next?" }] }),
  });
  return firstDeltaMs(response, started);
}

const PATHS = [
  { name: "story without a board", which: "plain" as const, ms: [] as number[] },
  { name: "story with a full board", which: "withPlan" as const, ms: [] as number[] },
];
await alternate(PATHS, { warmup: WARMUP, runs: RUNS }, timeToFirstToken);
await server.stop();
await peer.stop();

console.log(`\nMarin's time to first token, ${RUNS} runs per story after ${WARMUP} warm-up, ${server.ready.db}:\n`);
printTtft("story", PATHS, "the planning board");

// In-process: the board's read, and the prompt built with and without it.
const database = await openDatabase(
  values["database-url"] ? { kind: "postgres", url: values["database-url"] } : { kind: "pglite" },
);
const author = await createUser(database.db);
const story = await createStory(database.db, { authorId: author.id, content: CONTENT });
await savePlan(database.db, story.id, FULL_BOARD);
const median = async (run: () => unknown) => {
  const ms: number[] = [];
  for (let i = 0; i < 220; i++) {
    const started = performance.now();
    await run();
    if (i >= 20) ms.push(performance.now() - started);
  }
  return quantile(ms, 0.5);
};
const read = await median(() => loadPlan(database.db, story.id));
const excerpt = await median(() => loadPlanExcerpt(database.db, story.id, 1));
const prompt = (plan: StoryPlan | null) => () =>
  buildPrompt({
    task: "chat",
    story,
    context: {},
    messages: [{ role: "user", content: "What next?" }],
    premium: false,
    memory: null,
    plan: plan && excerptOf(plan, 1),
  });
const without = await median(prompt(null));
const withBoard = await median(prompt(FULL_BOARD));
console.log(
  `In-process (${database.kind}): a full board read whole (the board's GET) ${formatMs(read)}, what a prompt reads of it ${formatMs(excerpt)}; buildPrompt ${formatMs(without)} without, ${formatMs(withBoard)} with it`,
);
await database.close();
