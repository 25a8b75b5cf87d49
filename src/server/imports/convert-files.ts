// Converting uploaded files without letting one of them end the process: the parsers run in a worker thread with a
// small heap of its own, one request's worker at a time. A file that makes a parser build more than that heap holds,
// or that takes too long, stops its worker and answers that request a 413 naming the file; the server goes on.
import { Worker } from "node:worker_threads";
import { AppError } from "../errors";
import type { ImportedText } from "./convert-file";
import type { WorkerJob, WorkerMessage } from "./worker-messages";
import { bundledWorker } from "./worker-from-source";

export interface Upload {
  name: string;
  bytes: Buffer;
}

// NOTE: old space plus young space plus the thread's own start (~15 MB) and the unpacked text (at most the text
// budget, outside the heap) keep one import's rise in RSS under 200 MB. A legitimate 2 MB story needs a fraction.
const HEAP_MB = 96;
const YOUNG_MB = 8;
const TIME_LIMIT_MS = 30_000;
// Requests waiting for the worker beyond this many are turned away instead of piling up in memory.
const MAX_WAITING = 8;

const tooComplex = (name: string) =>
  new AppError(
    413,
    "IMPORT_TOO_COMPLEX",
    `"${name}" is too large or too complex for us to import. Split it into smaller files and try again.`,
  );

// NOTE: the built server has the worker bundled beside main.js (scripts/build-server.mjs); from the sources it is
// bundled on first use.
const FROM_SOURCE = import.meta.url.endsWith(".ts");

async function startWorker(job: WorkerJob): Promise<Worker> {
  const url = FROM_SOURCE
    ? await bundledWorker(new URL("./convert-worker.ts", import.meta.url))
    : new URL("./convert-worker.js", import.meta.url);
  return new Worker(url, {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: YOUNG_MB },
  });
}

async function runWorker(uploads: Upload[]): Promise<ImportedText[]> {
  const job: WorkerJob = { files: uploads.map(({ name, bytes }) => ({ name, bytes: new Uint8Array(bytes) })) };
  const worker = await startWorker(job);
  const results: ImportedText[] = [];
  let current = 0;
  return new Promise<ImportedText[]>((resolve, reject) => {
    const timer = setTimeout(() => finish(tooComplex(uploads[current]!.name)), TIME_LIMIT_MS);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      // An error event may follow termination: swallowed, the request is already answered.
      worker.on("error", () => {});
      void worker.terminate();
      if (error) reject(error);
      else resolve(results);
    };
    worker.on("message", (message: WorkerMessage) => {
      current = message.index;
      if (message.type === "done") {
        results[message.index] = message.text;
        if (results.length === uploads.length) finish();
      } else if (message.type === "refused") {
        finish(new AppError(message.status, message.code, message.message));
      } else if (message.type === "too-complex") {
        finish(tooComplex(uploads[current]!.name));
      } else if (message.type === "failed") {
        finish(new Error(`The import worker failed on "${uploads[current]!.name}": ${message.message}`));
      }
    });
    worker.on("error", (error: Error & { code?: string }) =>
      finish(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooComplex(uploads[current]!.name) : error),
    );
    worker.on("exit", (code) => finish(new Error(`The import worker stopped early (exit code ${code}).`)));
  });
}

let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

/** Each file as story HTML, in order; the first file that cannot be imported rejects the whole request. */
export function convertFiles(uploads: Upload[]): Promise<ImportedText[]> {
  if (waiting >= MAX_WAITING) {
    throw new AppError(503, "IMPORT_BUSY", "We are importing many files right now. Please try again in a minute.");
  }
  waiting++;
  const run = queue.then(() => {
    waiting--;
    return runWorker(uploads);
  });
  queue = run.catch(() => {});
  return run;
}
