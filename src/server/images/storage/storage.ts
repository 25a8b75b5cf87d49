// What every image storage driver is and shares (decision 0036): the interface, the outage error answered 503, and
// the key rule both drivers enforce.
import type { Readable } from "node:stream";

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface ImageStorage {
  readonly kind: "disk" | "s3";
  /** Writes the whole object or nothing (a reader never sees half of it); an existing key is replaced. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when there is no such object. */
  get(key: string): Promise<Buffer | undefined>;
  /** The bytes as a stream with their size, or undefined when there is no such object. */
  stream(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every key whose object was last written before `before` (the orphan sweep's input). */
  list(before: Date): AsyncIterable<string>;
}

/** The storage could not be reached or refused (an S3 outage, a full or unreadable disk): answered 503, not 500. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`image storage unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = "StorageUnavailableError";
  }
}

// NOTE: keys come from the server alone (images/store-image.ts), but the disk driver turns them into paths, so
// anything that could climb out of its directory is refused here for both drivers.
const KEY = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`invalid storage key: ${key}`);
}
