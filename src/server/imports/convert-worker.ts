// The import worker's entry (started by convert-files.ts, bundled beside the server as dist/server/convert-worker.js):
// converts one request's files in order under one text budget and posts each result or the first failure.
import { parentPort, workerData } from "node:worker_threads";
import { AppError } from "../app-error";
import { convertFile } from "./convert-file";
import { TextBudget } from "./text-budget";
import type { WorkerJob, WorkerMessage } from "./worker-messages";

const post = (message: WorkerMessage) => parentPort!.postMessage(message);

async function convertAll({ files }: WorkerJob): Promise<void> {
  const budget = new TextBudget();
  for (const [index, file] of files.entries()) {
    post({ type: "start", index });
    try {
      const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
      post({ type: "done", index, text: await convertFile(budget.forFile(file.name), bytes) });
    } catch (error) {
      if (error instanceof AppError) {
        post({ type: "refused", index, status: error.status, code: error.code, message: error.message });
      } else if (error instanceof RangeError) {
        // A document nested too deep for the stack, or a string past V8's length: too complex, not a bug.
        post({ type: "too-complex", index });
      } else {
        post({
          type: "failed",
          index,
          message: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      }
      return;
    }
  }
}

await convertAll(workerData as WorkerJob);
