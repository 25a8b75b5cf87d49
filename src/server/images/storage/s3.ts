// Image bytes in S3-compatible object storage (AWS S3, MinIO, R2, …): what several instances share (decision 0036).
// Missing objects answer undefined; anything else that fails (unreachable, refused, 5xx) is StorageUnavailableError.
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { assertKey, type ImageStorage, StorageUnavailableError } from "./storage";

export interface S3StorageOptions {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Milliseconds to connect; an unreachable store answers within about twice this (two attempts). */
  connectionTimeoutMs?: number;
}

export function createS3Storage(options: S3StorageOptions): ImageStorage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // NOTE: a cover request waits at most a few seconds on a store that is down, then answers 503.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: options.connectionTimeoutMs ?? 2000, requestTimeout: 10_000 },
    // NOTE: checksums only where S3 requires them; S3-compatible stores do not all take the newer trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  const isMissing = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
  };
  const fail = (error: unknown): never => {
    throw new StorageUnavailableError(error);
  };
  const send = async <T>(run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      return isMissing(error) ? undefined : fail(error);
    }
  };

  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      assertKey(key);
      await send(() =>
        client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType })),
      ).then((answer) => answer ?? fail(new Error(`bucket ${Bucket} not found`)));
    },
    async get(key) {
      assertKey(key);
      const object = await send(() => client.send(new GetObjectCommand({ Bucket, Key: key })));
      if (!object?.Body) return undefined;
      try {
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        return fail(error);
      }
    },
    async stream(key) {
      assertKey(key);
      const object = await send(() => client.send(new GetObjectCommand({ Bucket, Key: key })));
      if (!object?.Body) return undefined;
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    },
    async exists(key) {
      assertKey(key);
      return (await send(() => client.send(new HeadObjectCommand({ Bucket, Key: key })))) !== undefined;
    },
    async delete(key) {
      assertKey(key);
      await send(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    async *list(before) {
      let ContinuationToken: string | undefined;
      do {
        const page = await send(() => client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })));
        if (!page) return;
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified < before) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
