// The storage contract, the same for the disk driver and the S3 driver (against s3rver, a local S3 peer).
import { mkdtempSync } from "node:fs";
import { readdir, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Peer, type S3Peer } from "../../test/s3-peer";
import { createDiskStorage } from "./disk";
import { type ImageStorage, StorageUnavailableError } from "./driver";

let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  await peer?.close();
});

const drivers: [string, () => ImageStorage][] = [
  ["disk", () => createDiskStorage(mkdtempSync(join(tmpdir(), "ff-disk-")))],
  ["s3", () => peer.storage()],
];

for (const [name, make] of drivers) {
  describe(`${name} image storage`, () => {
    it("puts, gets, streams, lists, replaces and deletes objects, and refuses keys that leave its place", async () => {
      const storage = make();
      const key = `ab/ab${name}-1`;
      expect(await storage.get(key)).toBeUndefined();
      expect(await storage.stream(key)).toBeUndefined();
      expect(await storage.exists(key)).toBe(false);

      await storage.put(key, Buffer.from("first bytes"), "image/jpeg");
      expect(await storage.exists(key)).toBe(true);
      expect((await storage.get(key))?.toString()).toBe("first bytes");
      await storage.put(key, Buffer.from("second"), "image/jpeg");
      const streamed = await storage.stream(key);
      expect(streamed?.size).toBe(6);
      expect(await text(streamed!.body)).toBe("second");
      await storage.put(`${key}.thumb`, Buffer.from("t"), "image/jpeg");

      const listed = async (before: Date) => {
        const keys: string[] = [];
        for await (const k of storage.list(before)) keys.push(k);
        return keys.sort();
      };
      expect(await listed(new Date(Date.now() + 60_000))).toEqual([key, `${key}.thumb`]);
      expect(await listed(new Date(Date.now() - 60_000))).toEqual([]);

      await storage.delete(key);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeUndefined();
      expect(await listed(new Date(Date.now() + 60_000))).toEqual([`${key}.thumb`]);

      for (const bad of ["../etc/passwd", "/abs", "ab/../../x", "AB/upper", ""]) {
        await expect(storage.put(bad, Buffer.from("x"), "image/jpeg")).rejects.toThrow("invalid storage key");
      }
    });
  });
}

describe("disk image storage", () => {
  it("writes through a temporary file and lists only objects written before the given time", async () => {
    const root = mkdtempSync(join(tmpdir(), "ff-disk-"));
    const storage = createDiskStorage(root);
    await storage.put("cd/cd-1", Buffer.alloc(100_000, 7), "image/jpeg");
    // Nothing but the object is left in its directory: the temporary file was renamed into place.
    expect(await readdir(join(root, "cd"))).toEqual(["cd-1"]);
    const old = new Date(Date.now() - 2 * 86_400_000);
    await utimes(join(root, "cd", "cd-1"), old, old);
    const keys: string[] = [];
    for await (const k of storage.list(new Date(Date.now() - 86_400_000))) keys.push(k);
    expect(keys).toEqual(["cd/cd-1"]);
  });
});

describe("s3 image storage when the store is down", () => {
  it("answers StorageUnavailableError (not 'missing') for every operation, and works again when it is back", async () => {
    const storage = peer.storage();
    await storage.put("ef/ef-1", Buffer.from("kept"), "image/jpeg");
    await peer.stop();
    try {
      for (const run of [
        () => storage.get("ef/ef-1"),
        () => storage.stream("ef/ef-1"),
        () => storage.exists("ef/ef-1"),
        () => storage.put("ef/ef-2", Buffer.from("x"), "image/jpeg"),
        () => storage.delete("ef/ef-1"),
      ]) {
        await expect(run()).rejects.toBeInstanceOf(StorageUnavailableError);
      }
    } finally {
      await peer.start();
    }
    expect((await storage.get("ef/ef-1"))?.toString()).toBe("kept");
  });
});
