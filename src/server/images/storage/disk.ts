// Image bytes as files under DATA_DIR/images: for one machine (several instances need S3, decision 0036).
// A write goes to a temporary file in the same directory and is renamed into place, so a reader or a crash never
// leaves half an image under its key.
import type { Dirent } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { dirname, join, relative, sep } from "node:path";
import { assertKey, type ImageStorage, StorageUnavailableError } from "./storage";

const TEMP_SUFFIX = ".tmp";

export function createDiskStorage(root: string): ImageStorage {
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, key);
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";
  const fail = (error: unknown): never => {
    throw new StorageUnavailableError(error);
  };

  return {
    kind: "disk",
    async put(key, bytes) {
      const path = pathOf(key);
      const temp = `${path}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`;
      try {
        await mkdir(dirname(path), { recursive: true });
        const file = await open(temp, "w", 0o640);
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        fail(error);
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        return missing(error) ? undefined : fail(error);
      }
    },
    async stream(key) {
      const path = pathOf(key);
      try {
        const file = await open(path, "r");
        const { size } = await file.stat();
        // NOTE: streamed from the open handle, so a delete meanwhile cannot turn the answer into an error.
        return { body: file.createReadStream(), size };
      } catch (error) {
        return missing(error) ? undefined : fail(error);
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        return missing(error) ? false : fail(error);
      }
    },
    async delete(key) {
      try {
        await rm(pathOf(key), { force: true });
      } catch (error) {
        fail(error);
      }
    },
    async *list(before) {
      // NOTE: temporary files a crash left behind are listed too (by their own name), so the sweep removes them.
      async function* walk(dir: string): AsyncGenerator<string> {
        let entries: Dirent[];
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (missing(error)) return;
          throw new StorageUnavailableError(error);
        }
        for (const entry of entries) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(path);
          if (!entry.isFile()) continue;
          const written = await stat(path).catch(() => undefined);
          if (written && written.mtime < before) yield relative(root, path).split(sep).join("/");
        }
      }
      yield* walk(root);
    },
  };
}
