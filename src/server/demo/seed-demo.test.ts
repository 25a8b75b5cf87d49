import { count, countDistinct, eq, isNotNull } from "drizzle-orm";
import { expect, it } from "vitest";
import { images, stories, storyChapters, storyTags, users } from "../db/schema";
import { recordMissingChapters } from "../chapters/sync-chapters";
import { SANITIZER_VERSION, sanitizeContent } from "../content/sanitize-content";
import { describeEachDb } from "../test/app";
import { seedDemo } from "./seed-demo";

describeEachDb("demo content", (ctx) => {
  it("fills an empty database once with published stories that have covers, tags and prose", async () => {
    const db = ctx().database.db;
    expect(await seedDemo(db, ctx().deps.imageStorage)).toBe(true);
    const published = await db.select().from(stories).where(eq(stories.published, true));
    expect(published.length).toBeGreaterThanOrEqual(8);
    for (const story of published) {
      expect(story.coverImageId).not.toBeNull();
      expect(story.description?.length).toBeGreaterThan(20);
      expect(story.content.match(/<p>/g)?.length).toBeGreaterThanOrEqual(3);
      expect(Array.isArray(story.fandoms) && story.fandoms.length).toBeTruthy();
      expect(story.moods).toMatchObject({ romance: expect.any(Number), spice: expect.any(Number) });
      expect(story.rating).toBe("general");
      // Stored clean, with the allowlist version, so reading it never runs the sanitizer.
      expect(story.sanitizedWith).toBe(SANITIZER_VERSION);
      expect(sanitizeContent(story.content)).toBe(story.content);
    }
    const [tagged] = await db.select({ n: count() }).from(storyTags);
    expect(tagged!.n).toBeGreaterThanOrEqual(published.length);
    const [covers] = await db.select({ n: count() }).from(images).where(isNotNull(images.storageKey));
    expect(covers!.n).toBe(published.length);
    // Its chapter lists are recorded as a publish records them: the start-up job finds none to record.
    const [chaptered] = await db.select({ n: countDistinct(storyChapters.storyId) }).from(storyChapters);
    expect(chaptered!.n).toBe(published.length);
    expect(await recordMissingChapters(db, new Date())).toBe(0);
    const authors = await db.select().from(users);
    expect(authors.every((u) => u.password === null && u.emailVerified)).toBe(true);

    expect(await seedDemo(db, ctx().deps.imageStorage)).toBe(false);
    const [after] = await db.select({ n: count() }).from(stories);
    expect(after!.n).toBe(published.length);
  });
});
