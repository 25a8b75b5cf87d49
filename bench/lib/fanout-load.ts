// What runs beside a fan-out in the notification bench: a writer saving another story and a subscriber reading
// (the story, their notifications, an uncached Discover search), each a loop of requests one after another, every
// latency kept with its kind.
import type { FastifyInstance } from "fastify";
import { call, type FanOutSeed } from "./fanout-seed";

/** A save, or a read named by what it reads. */
export type Kind = "save" | "read:story" | "read:notifications" | "read:discover";

export interface Sample {
  kind: Kind;
  ms: number;
}

export interface Summary {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

/** The latencies of one kind, or of every read (`read`). */
export function summarize(samples: Sample[], kind: Kind | "read"): Summary {
  const ms = samples
    .filter((s) => s.kind === kind || (kind === "read" && s.kind.startsWith("read:")))
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? Number.NaN;
  return { n: ms.length, p50: at(0.5), p99: at(0.99), max: ms.at(-1) ?? Number.NaN };
}

export interface Load {
  /** Stops the loops; resolves with every sample once the requests in flight have answered. */
  stop(): Promise<Sample[]>;
}

/** Saves every `gapMs` (one at a time) and reads with `readers` loops, until stopped. Any non-2xx fails it. */
export function startLoad(app: FastifyInstance, seed: FanOutSeed, gapMs = 20, readers = 2): Load {
  const samples: Sample[] = [];
  let running = true;
  let n = 0;
  const pause = () => new Promise((resolve) => setTimeout(resolve, gapMs));
  const timed = async (kind: Kind, run: () => ReturnType<typeof call>) => {
    const started = performance.now();
    const res = await run();
    samples.push({ kind, ms: performance.now() - started });
    if (res.statusCode >= 300) throw new Error(`${kind}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  const saver = async () => {
    while (running) {
      const content = `<p>Saved again and again (${++n}).</p>`;
      await timed("save", () => call(app, "PATCH", `/api/stories/${seed.otherStoryId}`, seed.other, { content }));
      await pause();
    }
  };
  const reads: [Kind, () => ReturnType<typeof call>][] = [
    ["read:story", () => call(app, "GET", `/api/stories/${seed.storyId}/read`, seed.reader)],
    ["read:notifications", () => call(app, "GET", "/api/notifications?limit=20", seed.reader)],
    ["read:discover", () => call(app, "GET", `/api/published-stories?q=chapter${++n}&minWords=${n % 50}`)],
  ];
  const reader = async (offset: number) => {
    for (let i = offset; running; i++) {
      await timed(...reads[i % reads.length]!);
      await pause();
    }
  };
  // NOTE: a failed request stops every loop (and rejects stop()), so a broken app cannot pass for a fast one.
  const guard = (loop: Promise<void>) =>
    loop.catch((error: unknown) => {
      running = false;
      throw error;
    });
  const loops = Promise.all([guard(saver()), ...Array.from({ length: readers }, (_, i) => guard(reader(i)))]);
  loops.catch(() => undefined);
  return {
    async stop() {
      running = false;
      await loops;
      return samples;
    },
  };
}
