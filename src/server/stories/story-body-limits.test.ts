// Story saves take the story's body limit: the largest valid save passes, more answers the spec's 413.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import { COVER_UPLOAD_MAX_BYTES, STORY_CONTENT_MAX_BYTES } from "../../shared/limits";
import { STORY_TOO_LONG } from "../../shared/schemas/story";
import { stories } from "../db/schema";
import { PUBLISH_BODY_LIMIT, STORY_BODY_LIMIT } from "../http/json-body";
import { dataUrl } from "../test/images";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

/** A real PNG just under the 5 MB upload cap: noise does not compress. */
async function largestCover(): Promise<string> {
  const [width, height] = [1280, 1300];
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const png = await sharp(noise, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeLessThan(COVER_UPLOAD_MAX_BYTES);
  expect(png.length).toBeGreaterThan(COVER_UPLOAD_MAX_BYTES * 0.9);
  return dataUrl(png);
}

describeEachDb("stories: body limits", (ctx) => {
  async function ownStory() {
    const { db } = ctx().database;
    const session = await createVerifiedUserWithSession(db, {}, ctx().clock.now());
    const story = await createStory(db, { authorId: session.user.id, content: "<p>safe</p>" });
    return { ...session, story };
  }

  it("lets the largest valid save through: 2 MB of content that JSON doubles, and a 5 MB cover", async () => {
    const { story, cookie } = await ownStory();
    // Every backslash is escaped by JSON.stringify: the body carries twice the content.
    const content = `<p>${"\\".repeat(STORY_CONTENT_MAX_BYTES - 7)}</p>`;
    const body = { version: 1, title: "The Longest Night", content, coverImage: await largestCover() };
    expect(JSON.stringify(body).length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, body, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, coverImage: expect.stringMatching(/^\/api\/images\//) });
  }, 60_000);

  it("answers a save over the story limit with the spec's 413 and keeps the story", async () => {
    const { story, cookie } = await ownStory();
    const content = "a".repeat(STORY_BODY_LIMIT);
    const res = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { version: 1, content }, { cookie });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: STORY_TOO_LONG, code: "CONTENT_TOO_LARGE" });
    const created = await send(ctx().app, "POST", "/api/stories", { title: "Big", content }, { cookie });
    expect(created.statusCode).toBe(413);
    expect(created.json()).toEqual({ message: STORY_TOO_LONG, code: "CONTENT_TOO_LARGE" });
    const [row] = await ctx().database.db.select().from(stories).where(eq(stories.id, story.id));
    expect([row!.content, row!.version]).toEqual(["<p>safe</p>", 1]);
  });

  it("answers a publish body over its limit with the cover's 413", async () => {
    const { story, cookie } = await ownStory();
    const body = {
      title: "T",
      description: "d",
      coverImage: `data:image/png;base64,${"A".repeat(PUBLISH_BODY_LIMIT)}`,
    };
    const res = await send(ctx().app, "POST", `/api/stories/${story.id}/publish`, body, { cookie });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Image size must be less than 5MB", code: "IMAGE_TOO_LARGE" });
  });

  it("answers a signed-out oversized save with 401 before reading its body", async () => {
    const res = await send(ctx().app, "PATCH", "/api/stories/1", { content: "a".repeat(STORY_BODY_LIMIT) });
    expect(res.statusCode).toBe(401);
  });

  it("keeps other routes at the small default", async () => {
    const { cookie } = await ownStory();
    const res = await send(ctx().app, "PATCH", "/api/user", { description: "a".repeat(100 * 1024) }, { cookie });
    expect(res.statusCode).toBe(413);
  });
});
