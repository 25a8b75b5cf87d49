// Images no story uses are removed once they are a day old, row and objects; used and young ones stay, including
// one a story starts using between the sweep's listing and its delete. Objects no row names go after a day.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { images, stories } from "../db/schema";
import { describeEachDb } from "../test/app";
import { createStory, createUser } from "../test/factories";
import { processImage } from "./process-image";
import { removeObjectsWithoutImage, removeUnusedImages, UNUSED_IMAGE_TTL_MS } from "./remove-unused-images";
import { fullObject, storeImage, thumbObject } from "./store-image";
import { solidImage } from "../test/images";

describeEachDb("removing unused images", (ctx) => {
  it("removes unused images older than a day with their objects, and keeps used, younger and just-used ones", async () => {
    const { db } = ctx().database;
    const storage = ctx().deps.imageStorage;
    const now = new Date(Date.now() + 3 * UNUSED_IMAGE_TTL_MS);
    const owner = await createUser(db);
    const stored = async (color: string, ageMs: number) => {
      const image = await processImage(await solidImage("png", 8, 8, color));
      await storeImage(db, storage, image, owner.id);
      await db
        .update(images)
        .set({ createdAt: new Date(now.getTime() - ageMs) })
        .where(eq(images.id, image.id));
      return image.id;
    };
    const usedOld = await stored("#100", 30 * UNUSED_IMAGE_TTL_MS);
    const backgroundOld = await stored("#150", 30 * UNUSED_IMAGE_TTL_MS);
    const unusedYoung = await stored("#200", UNUSED_IMAGE_TTL_MS - 60_000);
    const unusedOld = await stored("#300", UNUSED_IMAGE_TTL_MS + 60_000);
    const unusedOlder = await stored("#400", 3 * UNUSED_IMAGE_TTL_MS);
    const usedMeanwhile = await stored("#600", 3 * UNUSED_IMAGE_TTL_MS);
    await createStory(db, { authorId: owner.id, coverImageId: usedOld });
    await createStory(db, { authorId: owner.id, readerBackgroundImageId: backgroundOld });
    const keyOf = async (id: string) =>
      (await db.select({ key: images.storageKey }).from(images).where(eq(images.id, id)))[0]!.key!;
    const goneKey = await keyOf(unusedOld);
    const late = await createStory(db, { authorId: owner.id });

    const removed = await removeUnusedImages(db, storage, now, {
      // A story save points at a listed candidate after the listing, before the delete.
      afterListing: async (tx, ids) => {
        expect(ids).toContain(usedMeanwhile);
        await tx.update(stories).set({ coverImageId: usedMeanwhile }).where(eq(stories.id, late.id));
      },
    });
    expect(removed).toBe(2);
    const left = (await db.select({ id: images.id }).from(images)).map((r) => r.id);
    expect(left.sort()).toEqual([usedOld, backgroundOld, unusedYoung, usedMeanwhile].sort());
    expect(left).not.toContain(unusedOlder);
    expect(await storage.exists(fullObject(goneKey))).toBe(false);
    expect(await storage.exists(thumbObject(goneKey))).toBe(false);
    for (const id of left) expect(await storage.exists(fullObject(await keyOf(id)))).toBe(true);
    expect(await removeUnusedImages(db, storage, now)).toBe(0);
  });

  it("gives an old unused image a new day when the same bytes are uploaded again", async () => {
    const { db } = ctx().database;
    const storage = ctx().deps.imageStorage;
    const image = await processImage(await solidImage("png", 8, 8, "#500"));
    await storeImage(db, storage, image, null);
    await db
      .update(images)
      .set({ createdAt: new Date(Date.now() - 2 * UNUSED_IMAGE_TTL_MS) })
      .where(eq(images.id, image.id));
    await storeImage(db, storage, image, null);
    await removeUnusedImages(db, storage, new Date());
    const left = (await db.select({ id: images.id }).from(images)).map((r) => r.id);
    expect(left).toContain(image.id);
  });

  it("removes objects no row names once they are a day old, and keeps every object a row names", async () => {
    const { db } = ctx().database;
    const storage = ctx().deps.imageStorage;
    const image = await processImage(await solidImage("png", 8, 8, "#700"));
    await storeImage(db, storage, image, null);
    // A crash between writing the objects and the row left these behind.
    await storage.put("zz/zz-stray", Buffer.from("x"), "image/jpeg");
    await storage.put("zz/zz-stray.thumb", Buffer.from("x"), "image/jpeg");
    expect(await removeObjectsWithoutImage(db, storage, new Date())).toBe(0);
    const later = new Date(Date.now() + 2 * UNUSED_IMAGE_TTL_MS);
    expect(await removeObjectsWithoutImage(db, storage, later)).toBe(2);
    expect(await storage.exists("zz/zz-stray")).toBe(false);
    const [row] = await db.select().from(images).where(eq(images.id, image.id));
    expect(await storage.exists(fullObject(row!.storageKey!))).toBe(true);
    expect(await storage.exists(thumbObject(row!.storageKey!))).toBe(true);
  });

  it("passes over an image a story save is pointing at right now, without waiting for it (PostgreSQL)", async () => {
    if (ctx().kind !== "postgres") return;
    const { db } = ctx().database;
    const storage = ctx().deps.imageStorage;
    const image = await processImage(await solidImage("png", 8, 8, "#800"));
    await storeImage(db, storage, image, null);
    const story = await createStory(db, {});
    const later = new Date(Date.now() + 3 * UNUSED_IMAGE_TTL_MS);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let pointed = () => {};
    const pointing = new Promise<void>((resolve) => {
      pointed = resolve;
    });
    // Another connection's save: its foreign-key check holds a share lock on the image row until it commits.
    const save = db.transaction(async (tx) => {
      await tx.update(stories).set({ coverImageId: image.id }).where(eq(stories.id, story.id));
      pointed();
      await held;
    });
    await pointing;
    await removeUnusedImages(db, storage, later);
    release();
    await save;
    await removeUnusedImages(db, storage, later);
    const [row] = await db.select().from(images).where(eq(images.id, image.id));
    expect(row?.storageKey).toBeTruthy();
    expect(await storage.exists(fullObject(row!.storageKey!))).toBe(true);
  });
});
