// Runs the matching solver where it does not hold up other requests: inline for a small exchange, in a worker thread
// beyond SOLVE_INLINE_UP_TO participants (1,000 take about half a second of CPU, bench/exchange-matching.ts).
import { Worker } from "node:worker_threads";
import { bundledWorker } from "../imports/worker-from-source";
import { type MatchedPair, type MatchParticipant, type MatchRules, solveMatching } from "./matching-solver";

/** Up to this many participants solve in well under 50 ms on the request's thread. */
export const SOLVE_INLINE_UP_TO = 150;

// NOTE: the built server has the worker bundled beside main.js (scripts/build-server.mjs); from the sources it is
// bundled on first use.
const FROM_SOURCE = import.meta.url.endsWith(".ts");

export async function solveOffThread(
  participants: readonly MatchParticipant[],
  rules: MatchRules,
  inlineUpTo = SOLVE_INLINE_UP_TO,
): Promise<MatchedPair[]> {
  if (participants.length <= inlineUpTo) return solveMatching(participants, rules);
  const url = FROM_SOURCE
    ? await bundledWorker(new URL("./matching-worker.ts", import.meta.url))
    : new URL("./matching-worker.js", import.meta.url);
  const worker = new Worker(url, { workerData: { participants, rules } });
  return new Promise<MatchedPair[]>((resolve, reject) => {
    worker.once("message", (pairs: MatchedPair[]) => {
      resolve(pairs);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The matching worker stopped early (exit code ${code}).`)));
  });
}
