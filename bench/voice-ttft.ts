// The writer's voice's cost on Marin's time to first token (issue 32's budget: the style sample adds under 5 ms).
// Half the users have a 2,000-word style sample for all their stories (so every prompt carries its description and
// the sample), half have none; their chats go through /api/chat-with-marin (SSE) against the local OpenAI-compatible
// peer, alternating; prints medians, p90s and the difference of the medians. Then in-process: the sample's read
// (voiceFor), the prompt section, and the offline storyteller's steering of a long scene.
//   npx tsx bench/voice-ttft.ts [--runs 200] [--warmup 20] [--database-url postgres://...]
import { parseArgs } from "node:util";
import { AI_REQUESTS_PER_MINUTE } from "../src/server/ai/quota";
import { tellStory } from "../src/server/ai/offline/storyteller";
import { steerToVoice } from "../src/server/ai/offline/voice-steer";
import { Random } from "../src/server/ai/offline/random";
import { openDatabase } from "../src/server/db/client";
import { createUser } from "../src/server/test/factories";
import { promptFor, storyBrief } from "../src/server/test/offline-prompt";
import { LONG_SAMPLE } from "../src/server/test/voice-samples";
import { readVoiceSection, voiceSection } from "../src/server/voice/prompt-section";
import { profileOf } from "../src/server/voice/profile";
import { saveSample, voiceFor } from "../src/server/voice/samples";
import { startServerProcess } from "./lib/ipc";
import { formatMs, printTable } from "./lib/table";
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
/** The longest sample allowed: the long sample's paragraphs repeated to 2,000 words. */
const SAMPLE = (() => {
  const words = LONG_SAMPLE.split(/\s+/);
  return Array.from({ length: 2000 }, (_, i) => words[i % words.length]).join(" ");
})();

const peer = await startServerProcess<{ url: string }>(new URL("./servers/openai-peer-server.ts", import.meta.url), {
  delayMs: 20,
});
const server = await startServerProcess<{ port: number; cookies: string[]; origin: string; db: string }>(
  new URL("./servers/marin-server.ts", import.meta.url),
  {
    aiBaseUrl: peer.ready.url,
    databaseUrl: values["database-url"],
    users: 2 * (Math.ceil((RUNS + WARMUP) / (AI_REQUESTS_PER_MINUTE - 1)) + 1),
  } satisfies MarinServerOptions,
);
const base = `http://127.0.0.1:${server.ready.port}`;
const { cookies, origin } = server.ready;
const half = Math.floor(cookies.length / 2);
for (let user = half; user < cookies.length; user++) {
  const saved = await fetch(`${base}/api/me/style-sample`, {
    method: "PUT",
    headers: { cookie: cookies[user]!, origin, "content-type": "application/json" },
    body: JSON.stringify({ text: SAMPLE }),
  });
  if (!saved.ok) throw new Error(`HTTP ${saved.status}: ${await saved.text()}`);
}

const next = { none: 0, sample: 0 };
async function timeToFirstToken(which: keyof typeof next): Promise<number> {
  const user = (next[which]++ % half) + (which === "none" ? 0 : half);
  const started = performance.now();
  const response = await fetch(`${base}/api/chat-with-marin`, {
    method: "POST",
    headers: { cookie: cookies[user]!, origin, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ messages: [{ role: "user", content: "Write me a harbour scene." }] }),
  });
  return firstDeltaMs(response, started);
}

const PATHS = [
  { name: "no style sample", which: "none" as const, ms: [] as number[] },
  { name: "2,000-word sample for all stories", which: "sample" as const, ms: [] as number[] },
];
await alternate(PATHS, { warmup: WARMUP, runs: RUNS }, timeToFirstToken);
await server.stop();
await peer.stop();

console.log(`\nMarin's time to first token, ${RUNS} runs each after ${WARMUP} warm-up, ${server.ready.db}:\n`);
printTtft("writer", PATHS, "the style sample");

// In-process, 200 times each (medians): the read, the section, and the offline steering of a long scene.
const time = (run: () => unknown, n = 200) => {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    run();
    ms.push(performance.now() - started);
  }
  return quantile(ms, 0.5);
};
const database = await openDatabase(
  values["database-url"] ? { kind: "postgres", url: values["database-url"] } : { kind: "pglite" },
);
const user = await createUser(database.db);
await saveSample(database.db, user.id, null, SAMPLE);
const reads: number[] = [];
const pings: number[] = [];
for (let i = 0; i < 200; i++) {
  let started = performance.now();
  await voiceFor(database.db, user.id, null);
  reads.push(performance.now() - started);
  started = performance.now();
  await database.ping();
  pings.push(performance.now() - started);
}
await database.close();
const voice = { scope: "all" as const, text: SAMPLE, profile: profileOf(SAMPLE) };
const section = voiceSection(voice, 20_000)!;
const scene = tellStory(promptFor(storyBrief({ length: "long" }), "Write the next scene"), 1);
const read = readVoiceSection(`\n${section.text}`)!;
printTable(
  ["step (in-process, median)", "time"],
  [
    [`voiceFor: the sample's read (${database.kind})`, formatMs(quantile(reads, 0.5))],
    [`  beside it, 'select 1' (${database.kind})`, formatMs(quantile(pings, 0.5))],
    ["voiceSection: the prompt section, 2,000 words", formatMs(time(() => voiceSection(voice, 20_000)))],
    [
      "readVoiceSection + steerToVoice: a long offline scene",
      formatMs(time(() => steerToVoice(scene, readVoiceSection(`\n${section.text}`) ?? read, new Random(1)))),
    ],
    ["profileOf: at save time, 2,000 words", formatMs(time(() => profileOf(SAMPLE), 50))],
  ],
);
