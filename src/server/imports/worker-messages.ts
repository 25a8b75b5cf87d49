// What the import worker is given and what it answers, shared by both sides of the thread.
import type { ImportedText } from "./convert-file";

export interface WorkerJob {
  files: { name: string; bytes: Uint8Array }[];
}

export type WorkerMessage =
  | { type: "start"; index: number }
  | { type: "done"; index: number; text: ImportedText }
  | { type: "refused"; index: number; status: number; code: string; message: string }
  | { type: "too-complex"; index: number }
  | { type: "failed"; index: number; message: string };
