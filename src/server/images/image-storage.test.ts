// Images on S3 (a local s3rver peer), end to end: upload, serve with ETag and 304, an S3 outage (covers 503, uploads
// a clear error, stories still read), and `images:migrate` moving bytea rows out, killed midway and run again.
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { images } from "../db/schema";
import { createTestApp, describeEachDb, send, TEST_APP_URL, type TestContext } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { type S3Peer, startS3Peer } from "../test/s3-peer";
import { migratedKey, migrateImages } from "./migrate-images";
import { processImage } from "./process-image";
import { IMMUTABLE } from "./routes";
import { fullObject, IMAGE_STORAGE_DOWN_SERVE, IMAGE_STORAGE_DOWN_UPLOAD, thumbObject } from "./store-image";
import { multipartFile, solidImage } from "../test/images";

let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  await peer?.close();
});

describeEachDb("images on S3", (base) => {
  // NOTE: a second app on the suite's database, storing images on the peer: cheaper than a database of its own.
  let context: TestContext | undefined;
  const ctx = () => context!;
  beforeAll(async () => {
    context = await createTestApp(base().kind, { env: peer.env, database: base().database });
  });
  afterAll(async () => {
    await context?.app.close();
  });
  const kind = () => base().kind;

  const upload = async (bytes: Buffer, cookie: string) => {
    const body = multipartFile("cover.png", "image/png", bytes);
    return ctx().app.inject({
      method: "POST",
      url: "/api/images",
      headers: { ...body.headers, origin: TEST_APP_URL, cookie },
      payload: body.payload,
    });
  };

  it("stores uploads in the bucket, serves them with an ETag, and rides out an S3 outage", async () => {
    const { app, database, deps } = ctx();
    expect(deps.imageStorage.kind).toBe("s3");
    const { user, cookie } = await createVerifiedUserWithSession(database.db);
    const uploaded = await upload(await solidImage("png", 300, 200, "#123456"), cookie);
    expect(uploaded.statusCode).toBe(201);
    const { id, url, thumbnailUrl } = uploaded.json();
    const [row] = await database.db.select().from(images).where(eq(images.id, id));
    // The row keeps the metadata; the bytes are in the bucket only.
    expect(row).toMatchObject({ data: null, thumbnail: null, width: 300, height: 200, mimeType: "image/jpeg" });
    const inBucket = await peer.storage().get(fullObject(row!.storageKey!));
    expect(inBucket?.length).toBe(row!.byteSize);

    const full = await send(app, "GET", url);
    expect(full.statusCode).toBe(200);
    expect(full.headers["cache-control"]).toBe(IMMUTABLE);
    expect(full.headers.etag).toBe(`"${id}"`);
    expect(full.rawPayload.equals(inBucket!)).toBe(true);
    expect((await sharp(full.rawPayload).metadata()).width).toBe(300);
    const thumb = await send(app, "GET", thumbnailUrl);
    expect([thumb.statusCode, thumb.headers.etag]).toEqual([200, `"${id}-thumb"`]);
    expect(thumb.rawPayload.equals((await peer.storage().get(thumbObject(row!.storageKey!)))!)).toBe(true);
    expect((await send(app, "GET", url, undefined, { "if-none-match": `W/"${id}"` })).statusCode).toBe(304);

    const story = await createStory(database.db, {
      authorId: user.id,
      coverImageId: id,
      published: true,
      publishedAt: new Date(),
    });
    await peer.stop();
    try {
      const down = await send(app, "GET", url);
      expect(down.statusCode).toBe(503);
      expect(down.headers["cache-control"]).toBe("no-store");
      expect(down.json()).toMatchObject({ code: "IMAGE_STORAGE_UNAVAILABLE", message: IMAGE_STORAGE_DOWN_SERVE });
      // A browser that has the cover revalidates without the storage.
      expect((await send(app, "GET", url, undefined, { "if-none-match": `"${id}"` })).statusCode).toBe(304);
      const refused = await upload(await solidImage("png", 40, 40, "#654321"), cookie);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: "IMAGE_STORAGE_UNAVAILABLE", message: IMAGE_STORAGE_DOWN_UPLOAD });
      // Reading never touches the storage: the story and its cover URL are there.
      const read = await send(app, "GET", `/api/stories/${story.id}/read`);
      expect(read.statusCode).toBe(200);
      expect(read.body).toContain(`/api/images/${id}`);
    } finally {
      await peer.start();
    }
    expect((await send(app, "GET", url)).statusCode).toBe(200);
  });

  it("moves bytea images to the bucket; a run killed between object and row is finished by the next; a third changes nothing", async () => {
    const { app, database, deps } = ctx();
    const db = database.db;
    const legacy = [];
    // NOTE: colours per database, so the two suites never share objects in the one bucket.
    const shade = kind() === "pglite" ? "c0" : "80";
    for (const color of [`#${shade}1010`, `#10${shade}10`, `#1010${shade}`]) {
      const image = await processImage(await solidImage("png", 20, 10, color));
      const { id, mimeType, width, height, data, thumbnail } = image;
      await db.insert(images).values({ id, mimeType, width, height, data, thumbnail });
      legacy.push(image);
    }
    // Served from the row before the move.
    const before = await send(app, "GET", `/api/images/${legacy[0]!.id}`);
    expect(before.rawPayload.equals(legacy[0]!.data)).toBe(true);

    const order = legacy.map((l) => l.id).sort();
    const killed = migrateImages(db, deps.imageStorage, {
      batchSize: 2,
      afterWrite: (id) => {
        if (id === order[1]) throw new Error("killed");
      },
    });
    await expect(killed).rejects.toThrow("killed");
    const [half] = await db.select().from(images).where(eq(images.id, order[1]!));
    // The object is written, the row still has its bytes and no key: still served, from the row.
    expect(half).toMatchObject({ storageKey: null });
    expect(await deps.imageStorage.exists(fullObject(migratedKey(order[1]!)))).toBe(true);
    const midway = await send(app, "GET", `/api/images/${order[1]}`);
    expect(midway.statusCode).toBe(200);

    const resumed = await migrateImages(db, deps.imageStorage, { batchSize: 2 });
    expect(resumed).toEqual({ moved: 2, remaining: 0 });
    // The run ended with ANALYZE: the planner's row count of images (pg_class.reltuples) is the table's.
    const [planned] = await db
      .select({ planned: sql<number>`reltuples::int`, rows: sql<number>`(select count(*)::int from ${images})` })
      .from(sql`pg_class`)
      .where(sql`relname = 'images' and relkind = 'r'`);
    expect(planned!.planned).toBe(planned!.rows);
    for (const image of legacy) {
      const [row] = await db.select().from(images).where(eq(images.id, image.id));
      expect(row).toMatchObject({
        storageKey: migratedKey(image.id),
        data: null,
        thumbnail: null,
        byteSize: image.data.length,
      });
      const full = await send(app, "GET", `/api/images/${image.id}`);
      expect([full.statusCode, full.headers.etag]).toEqual([200, `"${image.id}"`]);
      expect(full.rawPayload.equals(image.data)).toBe(true);
      const thumb = await send(app, "GET", `/api/images/${image.id}?size=thumb`);
      expect(thumb.rawPayload.equals(image.thumbnail)).toBe(true);
    }

    const snapshot = async () => {
      const rows = await db.select().from(images).orderBy(images.id);
      const objects: string[] = [];
      for await (const key of deps.imageStorage.list(new Date(Date.now() + 60_000))) objects.push(key);
      return { rows, objects: objects.sort() };
    };
    const settled = await snapshot();
    expect(await migrateImages(db, deps.imageStorage)).toEqual({ moved: 0, remaining: 0 });
    expect(await snapshot()).toEqual(settled);
  });
});
