// A real S3-compatible server (s3rver) on 127.0.0.1 with a temporary directory, for the S3 image storage's tests.
// It can be stopped and started again on the same port, as an S3 outage would look to the app.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { createS3Storage } from "../images/storage/s3";
import type { ImageStorage } from "../images/storage/driver";
import { freePort } from "./free-port";
// @ts-expect-error s3rver ships no types
import FilesystemStore from "s3rver/lib/stores/filesystem.js";

interface StoredInput {
  bucket: string;
  key: string;
  metadata: unknown;
  content: Buffer | AsyncIterable<Buffer>;
}
interface Store {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
}

// NOTE: s3rver 3.7 answers a PUT before its file is fully written (and truncates the old one first), so a GET
// right after may read part of the object, which real S3 never does. Its store writes whole files here instead.
(FilesystemStore as { prototype: Store & { putObject(o: StoredInput): Promise<unknown> } }).prototype.putObject =
  async function putObject(this: Store, object: StoredInput) {
    const chunks: Buffer[] = [];
    if (Buffer.isBuffer(object.content)) chunks.push(object.content);
    else for await (const chunk of object.content) chunks.push(Buffer.from(chunk));
    const content = Buffer.concat(chunks);
    const md5 = createHash("md5").update(content).digest("hex");
    const path = this.getResourcePath(object.bucket, object.key, "object");
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(temp, content);
    await rename(temp, path);
    await this.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: content.length, md5 };
  };

export const S3_PEER_BUCKET = "ficforge-test";

export interface S3Peer {
  endpoint: string;
  /** The env a test app takes to store images on this peer. */
  env: Record<string, string>;
  /** A storage driver on this peer. */
  storage(): ImageStorage;
  /** Stops answering (connections refused) until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<unknown>;
  close(): Promise<void>;
}

export async function startS3Peer(): Promise<S3Peer> {
  const directory = mkdtempSync(join(tmpdir(), "ff-s3-"));
  const port = await freePort();
  const make = (): S3rverInstance =>
    new S3rver({
      address: "127.0.0.1",
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: S3_PEER_BUCKET }],
    });
  let server: S3rverInstance | undefined = make();
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    IMAGE_STORAGE: "s3",
    S3_ENDPOINT: endpoint,
    S3_BUCKET: S3_PEER_BUCKET,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  return {
    endpoint,
    env,
    storage: () =>
      createS3Storage({
        endpoint,
        bucket: S3_PEER_BUCKET,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
        connectionTimeoutMs: 500,
      }),
    stop,
    async start() {
      if (server) return;
      server = make();
      await server.run();
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
