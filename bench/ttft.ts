// Time to first token through Marin's SSE endpoint against the same local OpenAI-compatible provider called directly
// (the budget: streaming adds under 5 ms). The provider is the tests' peer with a fixed first-token delay;
// the app runs in its own process on PGlite in memory (or PostgreSQL) with its real session, per-minute guard and
// quota charge.
// A third path, the AI SDK's model stream (doStream, as run-model.ts uses it) on the same driver in-process, splits
// the overhead into the SDK's share and our server's. Runs rotate over the paths after a warm-up; prints medians, p90s and the difference of the medians.
//   npx tsx bench/ttft.ts [--runs 200] [--warmup 20] [--delay 20] [--database-url postgres://...] [--cpu-prof FILE]
// --cpu-prof writes a V8 CPU profile of the app process over the measured runs (bench/profile-summary.ts reads it).
// --baseline DIR also runs DIR's own bench/servers/marin-server.ts (another checkout, e.g. main's worktree) as a fourth
// path in the same rotation, so a before/after comparison sees the same load on a shared machine.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createAiDriver } from "../src/server/ai/driver";
import { providerPrompt } from "../src/server/ai/run-model";
import { startServerProcess } from "./lib/ipc";
import type { MarinServerOptions } from "./servers/marin-server";
import { AI_REQUESTS_PER_MINUTE } from "../src/server/ai/quota";
import { formatMs, printTable } from "./lib/table";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    delay: { type: "string", default: "20" },
    "database-url": { type: "string" },
    "cpu-prof": { type: "string" },
    baseline: { type: "string" },
  },
});
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);
const DELAY_MS = Number(values.delay);

// Three processes: the provider, the app, and this one (the client), so no two share an event loop.
const peer = await startServerProcess<{ url: string }>(new URL("./servers/openai-peer-server.ts", import.meta.url), {
  delayMs: DELAY_MS,
});
// The per-minute guard allows each user AI_REQUESTS_PER_MINUTE requests, so the runs rotate over enough users.
const server = await startServerProcess<{ port: number; cookies: string[]; origin: string; db: string }>(
  new URL("./servers/marin-server.ts", import.meta.url),
  {
    aiBaseUrl: peer.ready.url,
    databaseUrl: values["database-url"],
    users: Math.ceil((RUNS + WARMUP) / (AI_REQUESTS_PER_MINUTE - 1)) + 1,
  } satisfies MarinServerOptions,
);
const baseline = values.baseline
  ? await startServerProcess<{ port: number; cookies: string[]; origin: string }>(
      new URL(`file://${resolve(values.baseline, "bench/servers/marin-server.ts")}`),
      {
        aiBaseUrl: peer.ready.url,
        databaseUrl: values["database-url"],
        users: Math.ceil((RUNS + WARMUP) / (AI_REQUESTS_PER_MINUTE - 1)) + 1,
      } satisfies MarinServerOptions,
    )
  : undefined;
const base = `http://127.0.0.1:${server.ready.port}`;
const { cookies, origin } = server.ready;
const ai = await createAiDriver({
  AI_PROVIDER: "openai-compatible",
  AI_BASE_URL: peer.ready.url,
  AI_MODEL: "bench-model",
  AI_API_KEY: undefined,
});

const messages = [{ role: "user", content: "Tell me a story about Ren." }];

/** Milliseconds from sending until the response body holds `marker`; then the rest is read to the end. */
async function timeToMarker(request: () => Promise<Response>, marker: string): Promise<number> {
  const started = performance.now();
  const response = await request();
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let text = "";
  let at = -1;
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(bytes, { stream: true });
    if (at < 0 && text.includes(marker)) at = performance.now() - started;
  }
  if (at < 0) throw new Error(`no ${marker} in ${text.slice(0, 200)}`);
  return at;
}

const direct = () =>
  timeToMarker(
    () =>
      fetch(`${peer.ready.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "bench-model", stream: true, messages }),
      }),
    '"content":"Once ',
  );

function throughApp(url: string, users: string[], appOrigin: string) {
  let next = 0;
  return () =>
    timeToMarker(
      () =>
        fetch(`${url}/api/chat-with-marin`, {
          method: "POST",
          headers: {
            cookie: users[next++ % users.length]!,
            origin: appOrigin,
            "content-type": "application/json",
            accept: "text/event-stream",
          },
          body: JSON.stringify({ messages }),
        }),
      "event: delta",
    );
}

/** The provider's stream through the AI SDK's model interface, as run-model.ts asks for it. */
async function throughSdk(): Promise<number> {
  const started = performance.now();
  const { stream } = await ai.model.doStream({
    prompt: providerPrompt({ system: "You are Marin.", messages: [{ role: "user", content: messages[0]!.content }] }),
  });
  let at = -1;
  for await (const part of stream) {
    if (at < 0 && part.type === "text-delta") at = performance.now() - started;
  }
  return at;
}

const PATHS = [
  { name: "provider directly (HTTP)", run: direct, ms: [] as number[] },
  { name: "AI SDK model stream in-process", run: throughSdk, ms: [] as number[] },
  { name: "through /api/chat-with-marin (SSE)", run: throughApp(base, cookies, origin), ms: [] as number[] },
];
if (baseline) {
  PATHS.push({
    name: `the same, ${values.baseline}`,
    run: throughApp(`http://127.0.0.1:${baseline.ready.port}`, baseline.ready.cookies, baseline.ready.origin),
    ms: [],
  });
}
for (let i = 0; i < WARMUP + RUNS; i++) {
  if (i === WARMUP && values["cpu-prof"]) await server.call("profileStart");
  // Rotate the order so no path always runs first.
  for (let k = 0; k < PATHS.length; k++) {
    const path = PATHS[(i + k) % PATHS.length]!;
    const ms = await path.run();
    if (i >= WARMUP) path.ms.push(ms);
  }
}

if (values["cpu-prof"]) await server.call("profileStop", { file: values["cpu-prof"] });

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] ?? 0;
console.log(
  `\nTime to first token, ${RUNS} runs per path after ${WARMUP} warm-up, provider first-token delay ${DELAY_MS} ms, ${server.ready.db}:\n`,
);
printTable(
  ["path", "median", "p90", "min"],
  PATHS.map((p) => [p.name, formatMs(quantile(p.ms, 0.5)), formatMs(quantile(p.ms, 0.9)), formatMs(Math.min(...p.ms))]),
);
const [provider, sdk, app, before] = PATHS.map((p) => quantile(p.ms, 0.5)) as [number, number, number, number?];
console.log(
  `\nAdded by streaming through FicForge (difference of medians): ${formatMs(app - provider)} (budget: under 5 ms)`,
);
console.log(
  `  of which the AI SDK: ${formatMs(sdk - provider)}; our server (session, guard, charge, HTTP, SSE): ${formatMs(app - sdk)}`,
);

if (before !== undefined) {
  console.log(`  ${values.baseline} added ${formatMs(before - provider)} in the same run (difference of medians)`);
}

await baseline?.stop();
await server.stop();
await peer.stop();
