// Images no story uses are removed once they are a day old; used and young ones stay.
import { expect, it } from "vitest";
import { images } from "../db/schema";
import { describeEachDb } from "../test/app";
import { createStory, createUser } from "../test/factories";
import { processImage, storeImage } from "./process-image";
import { removeUnusedImages, UNUSED_IMAGE_TTL_MS } from "./remove-unused-images";
import { solidImage } from "./test-images";

describeEachDb("removing unused images", (ctx) => {
  it("removes unused images older than a day and keeps used or younger ones", async () => {
    const { db } = ctx().database;
    const now = new Date("2026-03-01T12:00:00Z");
    const owner = await createUser(db);
    const stored = async (color: string, ageMs: number) => {
      const image = await processImage(await solidImage("png", 8, 8, color));
      await db.insert(images).values({ ...image, ownerId: owner.id, createdAt: new Date(now.getTime() - ageMs) });
      return image.id;
    };
    const usedOld = await stored("#100", 30 * UNUSED_IMAGE_TTL_MS);
    const unusedYoung = await stored("#200", UNUSED_IMAGE_TTL_MS - 60_000);
    const unusedOld = await stored("#300", UNUSED_IMAGE_TTL_MS + 60_000);
    const unusedOlder = await stored("#400", 3 * UNUSED_IMAGE_TTL_MS);
    await createStory(db, { authorId: owner.id, coverImageId: usedOld });

    expect(await removeUnusedImages(db, now)).toBe(2);
    const left = (await db.select({ id: images.id }).from(images)).map((r) => r.id);
    expect(left).toEqual(expect.arrayContaining([usedOld, unusedYoung]));
    expect(left).not.toContain(unusedOld);
    expect(left).not.toContain(unusedOlder);
    expect(await removeUnusedImages(db, now)).toBe(0);
  });

  it("gives an old unused image a new day when the same bytes are uploaded again", async () => {
    const { db } = ctx().database;
    const image = await processImage(await solidImage("png", 8, 8, "#500"));
    await db
      .insert(images)
      .values({ ...image, ownerId: null, createdAt: new Date(Date.now() - 2 * UNUSED_IMAGE_TTL_MS) });
    await storeImage(db, image, null);
    await removeUnusedImages(db, new Date());
    const left = (await db.select({ id: images.id }).from(images)).map((r) => r.id);
    expect(left).toContain(image.id);
  });
});
