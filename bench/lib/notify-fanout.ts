// The notification fan-out bench (bench/notify-fanout.ts prints it; a test runs it small so it cannot rot): a story
// with many subscribers gets new chapters through the app's own save (PATCH, the outbox event, its delivery in the
// background), while another writer saves and a subscriber reads. Each round is timed from the save to the event's
// outbox row being gone, and checked: every recipient once, every email queued. Then a fan-out that dies half way
// and its resume by the drain, and optionally deliveries of the same code with other chunk sizes and pauses.
import type { FastifyInstance } from "fastify";
import { type ChunkSetting, FAN_OUT_CHUNKS } from "../../src/server/community/chunked-fan-out";
import { fanOutNotifications } from "../../src/server/community/pending-fan-outs";
import type { Db } from "../../src/server/db/client";
import { deliverRecorded, drainOutbox, OWN_RUN_GRACE_MS, recordEvent } from "../../src/server/events/outbox";
import { type Sample, startLoad, type Summary, summarize } from "./fanout-load";
import {
  analyze,
  call,
  chapterChunks,
  chapterNotifications,
  chaptersHtml,
  type FanOutSeed,
  outboxEmpty,
  seedFanOut,
} from "./fanout-seed";

export interface FanOutBenchOptions {
  /** The real app (buildApp) on `db`; its email worker is not started, so queued email stays queued. */
  app: FastifyInstance;
  db: Db;
  subscribers: number;
  /** Chapters published through the app, one after another. */
  rounds?: number;
  /** How long the saves and reads run alone first. */
  aloneMs?: number;
  /** Deliveries of a recorded event with these chunk settings instead of the defaults (tuning). */
  sweep?: ChunkSetting[];
  /** Between two saves, and between two reads of one reader. */
  gapMs?: number;
  /** A fan-out slower than this fails the bench. */
  timeoutMs?: number;
  /** After each round, the load alone for as long (a control measured at the machine's load of the moment). */
  controls?: boolean;
}

export interface RoundResult {
  name: string;
  /** From the save (or the delivery's start) to the last chunk's commit. */
  ms: number;
  written: number;
  save: Summary;
  read: Summary;
  /** Each kind of read apart. */
  reads: Record<ReadKind, Summary>;
  /** The chunks committed (from the rows' transaction times) and the time from one's start to the next's. */
  chunks: { n: number; gapP50: number; gapMax: number };
  /** The same load alone for as long (at most 15 s) right after the round: its own control. */
  after?: Latencies;
}

interface Latencies {
  save: Summary;
  read: Summary;
  reads: Record<ReadKind, Summary>;
}

export interface FanOutBenchResult {
  seed: FanOutSeed;
  alone: Latencies;
  rounds: RoundResult[];
  /** The save that published each chapter (its fan-out runs after the answer). */
  publishSaveMs: number[];
}

type ReadKind = "story" | "notifications" | "discover";
const READ_KINDS: ReadKind[] = ["story", "notifications", "discover"];
const summaries = (samples: Sample[]): Latencies => ({
  save: summarize(samples, "save"),
  read: summarize(samples, "read"),
  reads: Object.fromEntries(READ_KINDS.map((k) => [k, summarize(samples, `read:${k}`)])) as Record<ReadKind, Summary>,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchFanOut(options: FanOutBenchOptions): Promise<FanOutBenchResult> {
  const { app, db, subscribers, rounds = 3, aloneMs = 5000, sweep = [], gapMs = 20, timeoutMs = 120_000 } = options;
  const controls = options.controls ?? true;
  const seed = await seedFanOut(app, db, subscribers);
  /** Runs `run` under the load; answers its time and the load's latencies meanwhile. */
  const loaded = async (run: () => Promise<unknown>) => {
    const load = startLoad(app, seed, gapMs);
    const started = performance.now();
    const outcome = await run().then(
      () => null,
      (error: unknown) => ({ error }),
    );
    const ms = performance.now() - started;
    const samples = await load.stop();
    if (outcome) throw outcome.error;
    await analyze(db, "notifications");
    return { ms, ...summaries(samples), ...(controls ? { after: await alone(Math.min(ms, 15_000)) } : {}) };
  };
  /** The load alone for `ms`. */
  const alone = async (ms: number) => {
    const load = startLoad(app, seed, gapMs);
    await sleep(ms);
    return summaries(await load.stop());
  };
  const waitDelivered = async () => {
    const deadline = performance.now() + timeoutMs;
    while (!(await outboxEmpty(db, seed.storyId))) {
      if (performance.now() > deadline) throw new Error(`the fan-out took more than ${timeoutMs} ms`);
      await sleep(25);
    }
  };
  /** Every recipient of `chapter` once, every email queued; answers the rows and the chunks. */
  const check = async (chapter: number) => {
    const got = await chapterNotifications(db, seed.storyId, chapter);
    const want = seed.expected;
    if (got.rows !== want.notifications || got.recipients !== got.rows || got.pending !== want.pending) {
      throw new Error(`chapter ${chapter}: wrote ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    }
    return { written: got.rows, chunks: await chapterChunks(db, seed.storyId, chapter) };
  };

  const result: FanOutBenchResult = {
    seed,
    alone: await alone(aloneMs),
    rounds: [],
    publishSaveMs: [],
  };

  let chapter = 1;
  for (let i = 0; i < rounds; i++) {
    chapter += 1;
    const round = await loaded(async () => {
      const started = performance.now();
      const body = { content: chaptersHtml(chapter) };
      const res = await call(app, "PATCH", `/api/stories/${seed.storyId}`, seed.author, body);
      if (res.statusCode !== 200) throw new Error(`publishing chapter ${chapter}: ${res.statusCode} ${res.body}`);
      result.publishSaveMs.push(performance.now() - started);
      await waitDelivered();
    });
    result.rounds.push({ name: `chapter ${chapter} (through the app)`, ...(await check(chapter)), ...round });
  }

  // A delivery (with the app's chunk settings) that dies after half its chunks, resumed a minute later by the
  // drain: the time to finish, and the rows the resume wrote (the rest, not all again).
  chapter += 1;
  const event = { name: "chapters.published" as const, storyId: seed.storyId, chapters: [chapter] };
  const crashed = await recordEvent(db, event, new Date());
  const appChunks = FAN_OUT_CHUNKS[app.deps.database.kind];
  const half = Math.max(1, Math.ceil(subscribers / appChunks.chunkSize / 2));
  const died = new Error("the process died");
  let written = 0;
  const before = await loaded(async () => {
    const dying = fanOutNotifications(db, crashed, {
      ...appChunks,
      afterChunk: (k) => {
        if (k === half) throw died;
      },
    });
    written = await dying
      .then(
        () => Promise.reject(new Error("the crash did not happen")),
        (error: unknown) => (error === died ? chapterNotifications(db, seed.storyId, chapter) : Promise.reject(error)),
      )
      .then((got) => got.rows);
  });
  const halfChunks = await chapterChunks(db, seed.storyId, chapter);
  result.rounds.push({ name: `chapter ${chapter}: dies after chunk ${half}`, written, chunks: halfChunks, ...before });
  let drained = { ran: 0, written: 0 };
  const resumed = await loaded(async () => {
    const later = new Date(Date.now() + OWN_RUN_GRACE_MS + 1000);
    drained = await drainOutbox(db, later, (d, r) => fanOutNotifications(d, r, appChunks));
  });
  const { written: rows, chunks } = await check(chapter);
  if (drained.ran !== 1 || drained.written !== rows - written) {
    throw new Error(`the resume wrote ${drained.written} of ${rows}, ${written} before the crash`);
  }
  const resumedChunks = { ...chunks, n: chunks.n - halfChunks.n };
  result.rounds.push({
    name: `chapter ${chapter}: resumed by the drain`,
    written: drained.written,
    ...resumed,
    chunks: resumedChunks,
  });

  for (const setting of sweep) {
    chapter += 1;
    const recorded = await recordEvent(db, { ...event, chapters: [chapter] }, new Date());
    const round = await loaded(() => deliverRecorded(db, recorded, (d, r) => fanOutNotifications(d, r, setting)));
    const name = `chapter ${chapter}: chunks of ${setting.chunkSize}, ${setting.pauseMs} ms pause`;
    result.rounds.push({ name, ...(await check(chapter)), ...round });
  }
  return result;
}
