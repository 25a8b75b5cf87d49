import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { images, stories } from "../db/schema";
import { dataUrl, jpegWithGps, oversizedPng, solidImage } from "../test/images";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

describeEachDb("stories: publish, unpublish, delete, covers", (ctx) => {
  async function ownStory(overrides = {}) {
    const { db } = ctx().database;
    const session = await createVerifiedUserWithSession(db, {}, ctx().clock.now());
    const story = await createStory(db, { authorId: session.user.id, ...overrides });
    return { ...session, story };
  }
  const post = (url: string, body: unknown, cookie: string) => send(ctx().app, "POST", url, body, { cookie });

  it.each([
    [{ title: "   ", description: "D" }, "title", "Title required"],
    [{ description: "D" }, "title", "Invalid input: expected string, received undefined"],
    [{ title: "T", description: "  " }, "description", "Description required"],
    [
      { title: "T<>", description: "D" },
      "title",
      "Story title can only contain letters, numbers, spaces, and basic punctuation",
    ],
    [{ title: "T", description: "D", tags: ["Not a tag"] }, "tags.0", null],
  ])("publish %j → 400 %s", async (body, field, message) => {
    const { story, cookie } = await ownStory();
    const res = await post(`/api/stories/${story.id}/publish`, body, cookie);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json()).toMatchObject({ message, fields: { [field]: message } });
    else expect(Object.keys(res.json().fields)).toEqual([field]);
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, story.id));
    expect(row!.published).toBe(false);
  });

  it("publishes with title, description, tags and a cover, then unpublishes", async () => {
    const { story, cookie } = await ownStory({ title: "Draft" });
    ctx().clock.advance(1_000);
    const cover = await solidImage("png", 1200, 800);
    const res = await post(
      `/api/stories/${story.id}/publish`,
      {
        title: "  Final Title ",
        description: "A tale.",
        tags: ["Romance", "Anime", "Magic"],
        coverImage: dataUrl(cover),
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const published = res.json();
    expect(published).toMatchObject({
      title: "Final Title",
      description: "A tale.",
      published: true,
      tags: ["Anime", "Magic", "Romance"],
      version: 2,
      updatedAt: ctx().clock.now().toISOString(),
    });
    expect(published.coverImage).toMatch(/^\/api\/images\/[0-9a-f]{32}$/);
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, story.id));
    expect(row!.publishedAt?.toISOString()).toBe(ctx().clock.now().toISOString());

    const unpublished = await post(`/api/stories/${story.id}/unpublish`, undefined, cookie);
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json()).toMatchObject({
      published: false,
      title: "Final Title",
      coverImage: published.coverImage,
    });
  });

  it("refuses to delete a published story, and deletes it once unpublished", async () => {
    const { story, cookie } = await ownStory({ published: true, publishedAt: new Date() });
    const refused = await send(ctx().app, "DELETE", `/api/stories/${story.id}`, undefined, { cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: "Please unpublish the story before deleting it.",
      code: "STORY_PUBLISHED",
    });
    expect(await ctx().database.db.select().from(stories).where(eq(stories.id, story.id))).toHaveLength(1);

    expect((await post(`/api/stories/${story.id}/unpublish`, undefined, cookie)).statusCode).toBe(200);
    const deleted = await send(ctx().app, "DELETE", `/api/stories/${story.id}`, undefined, { cookie });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    expect(await ctx().database.db.select().from(stories).where(eq(stories.id, story.id))).toHaveLength(0);
    const again = await send(ctx().app, "GET", `/api/stories/${story.id}`, undefined, { cookie });
    expect(again.statusCode).toBe(404);
  });

  it("keeps the cover when its URL comes back unchanged, and removes it on null", async () => {
    const { story, cookie } = await ownStory();
    const set = await send(
      ctx().app,
      "PATCH",
      `/api/stories/${story.id}`,
      { coverImage: dataUrl(await solidImage("gif"), "image/gif") },
      { cookie },
    );
    const url = set.json().coverImage;
    expect(url).toMatch(/^\/api\/images\/[0-9a-f]{32}$/);
    const kept = await send(
      ctx().app,
      "PATCH",
      `/api/stories/${story.id}`,
      { coverImage: url, title: "Same cover" },
      { cookie },
    );
    expect(kept.json().coverImage).toBe(url);
    const absolute = await send(
      ctx().app,
      "PATCH",
      `/api/stories/${story.id}`,
      { coverImage: `http://localhost:3000${url}?size=thumb` },
      { cookie },
    );
    expect(absolute.json().coverImage).toBe(url);
    const viaPublish = await post(
      `/api/stories/${story.id}/publish`,
      { title: "T", description: "D", coverImage: url },
      cookie,
    );
    expect(viaPublish.json().coverImage).toBe(url);
    const omitted = await post(`/api/stories/${story.id}/publish`, { title: "T", description: "D" }, cookie);
    expect(omitted.json().coverImage).toBe(url);
    const removed = await post(
      `/api/stories/${story.id}/publish`,
      { title: "T", description: "D", coverImage: null },
      cookie,
    );
    expect(removed.json().coverImage).toBe(null);
  });

  it("never answers a data URL, and strips GPS from a cover sent as one", async () => {
    const { cookie } = await ownStory();
    const res = await send(
      ctx().app,
      "POST",
      "/api/stories",
      { title: "Covered", coverImage: dataUrl(await jpegWithGps(), "image/jpeg") },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain("data:");
    const id = res.json().coverImage.replace("/api/images/", "");
    const [image] = await ctx().database.db.select().from(images).where(eq(images.id, id));
    const stored = await ctx().deps.imageStorage.get(image!.storageKey!);
    expect(stored!.includes("FicForge-secret-place")).toBe(false);
    expect(image!.mimeType).toBe("image/jpeg");
  });

  it.each([
    [
      "a text file as a data URL",
      () => dataUrl(Buffer.from("hello, not an image"), "image/png"),
      400,
      "Please upload a valid image (JPEG, PNG, or GIF)",
    ],
    ["a blob URL", () => "blob:http://localhost:3000/1234", 400, "Please upload a valid image (JPEG, PNG, or GIF)"],
    [
      "an unknown image URL",
      () => `/api/images/${"c".repeat(32)}`,
      400,
      "Cover image not found. Please upload it again.",
    ],
    ["a 5.5 MB data URL", () => dataUrl(oversizedPng(5.5 * 1024 * 1024)), 413, "Image size must be less than 5MB"],
  ])("refuses %s as a cover", async (_name, cover, status, message) => {
    const { story, cookie } = await ownStory();
    const res = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { coverImage: cover() }, { cookie });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, story.id));
    expect(row!.version).toBe(1);
  });
});
