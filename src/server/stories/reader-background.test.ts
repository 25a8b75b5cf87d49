// FicForge Plus's reader background: a premium author sets it like a cover; a free one may only remove it (or keep
// the one they have); readers see it while the author is premium, and the read cache follows the author's flag.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { images, stories, users } from "../db/schema";
import { removeUnusedImages, UNUSED_IMAGE_TTL_MS } from "../images/remove-unused-images";
import { dataUrl, solidImage } from "../test/images";
import { invalidateAuthorPremiumViews } from "../reading/author-premium";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { READER_BACKGROUND_MESSAGE } from "./story-rules";

describeEachDb("reader background", (ctx) => {
  const db = () => ctx().database.db;
  const patch = (id: number, cookie: string, body: Record<string, unknown>) =>
    send(ctx().app, "PATCH", `/api/stories/${id}`, body, { cookie });
  const read = (id: number) => send(ctx().app, "GET", `/api/stories/${id}/read`);
  const setPremium = (id: number, isPremium: boolean) => db().update(users).set({ isPremium }).where(eq(users.id, id));
  const background = async (color: string) => dataUrl(await solidImage("png", 40, 30, color));

  it("lets a premium author set, keep and remove it, and shows it in the owner's view", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db(), { isPremium: true });
    const story = await createStory(db(), { authorId: user.id });
    const set = await patch(story.id, cookie, { readerBackground: await background("#a1b2c3") });
    expect(set.statusCode).toBe(200);
    const url = set.json().readerBackground as string;
    expect(url).toMatch(/^\/api\/images\/[0-9a-f]{32}$/);
    expect((await send(ctx().app, "GET", url)).headers["content-type"]).toBe("image/jpeg");
    expect((await patch(story.id, cookie, { readerBackground: url })).json().readerBackground).toBe(url);
    expect((await patch(story.id, cookie, { title: "Kept" })).json().readerBackground).toBe(url);
    expect((await patch(story.id, cookie, { readerBackground: null })).json().readerBackground).toBeNull();
  });

  it("refuses a new background to a free author with 403 before storing anything, and lets them remove one", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: user.id });
    const before = (await db().select({ id: images.id }).from(images)).length;
    const refused = await patch(story.id, cookie, { readerBackground: await background("#0f0f0f") });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "PREMIUM_REQUIRED", message: READER_BACKGROUND_MESSAGE });
    expect((await db().select({ id: images.id }).from(images)).length).toBe(before);

    // Written while premium, then the subscription lapsed: saving it unchanged and removing it still work.
    await setPremium(user.id, true);
    const url = (await patch(story.id, cookie, { readerBackground: await background("#123456") })).json()
      .readerBackground as string;
    await setPremium(user.id, false);
    expect((await patch(story.id, cookie, { readerBackground: url, title: "Lapsed" })).statusCode).toBe(200);
    const other = await createStory(db(), { authorId: user.id });
    expect((await patch(other.id, cookie, { readerBackground: url })).statusCode).toBe(403);
    const removed = await patch(story.id, cookie, { readerBackground: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().readerBackground).toBeNull();
  });

  it("shows readers the background while the author is premium, and drops cached views when that flips", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db(), { isPremium: true });
    const story = await createStory(db(), { authorId: user.id, published: true, publishedAt: new Date() });
    const plain = await createStory(db(), { authorId: user.id, published: true, publishedAt: new Date() });
    const url = (await patch(story.id, cookie, { readerBackground: await background("#654321") })).json()
      .readerBackground as string;
    expect((await read(story.id)).json().readerBackground).toBe(url);
    expect((await read(plain.id)).json().readerBackground).toBeNull();

    await setPremium(user.id, false);
    // Cached until told: the billing code calls invalidateAuthorPremiumViews after it flips the flag.
    expect((await read(story.id)).json().readerBackground).toBe(url);
    expect(await invalidateAuthorPremiumViews(ctx().app.readCache, db(), user.id)).toBe(1);
    const lapsed = await read(story.id);
    expect(lapsed.json().readerBackground).toBeNull();
    // The viewer's flags still go last in the shared bytes.
    expect(lapsed.body.endsWith('"liked":false,"bookmarked":false}')).toBe(true);
    const [row] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect(row!.readerBackgroundImageId).not.toBeNull();

    await setPremium(user.id, true);
    // The scheduled expiry turns several authors at once: a list works too (an empty one asks nothing).
    expect(await invalidateAuthorPremiumViews(ctx().app.readCache, db(), [])).toBe(0);
    expect(await invalidateAuthorPremiumViews(ctx().app.readCache, db(), [user.id, user.id + 100_000])).toBe(1);
    expect((await read(story.id)).json().readerBackground).toBe(url);
  });

  it("drops the cached read view when the author changes the background", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db(), { isPremium: true });
    const story = await createStory(db(), { authorId: user.id, published: true, publishedAt: new Date() });
    expect((await read(story.id)).json().readerBackground).toBeNull();
    const url = (await patch(story.id, cookie, { readerBackground: await background("#abcdef") })).json()
      .readerBackground as string;
    expect((await read(story.id)).json().readerBackground).toBe(url);
  });

  it("counts an image used as a background as used when unused images are removed", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db(), { isPremium: true });
    const story = await createStory(db(), { authorId: user.id });
    const url = (await patch(story.id, cookie, { readerBackground: await background("#fedcba") })).json()
      .readerBackground as string;
    const id = url.split("/").at(-1)!;
    const later = new Date(Date.now() + 2 * UNUSED_IMAGE_TTL_MS);
    await removeUnusedImages(db(), ctx().deps.imageStorage, later);
    expect(await db().select({ id: images.id }).from(images).where(eq(images.id, id))).toHaveLength(1);
    await patch(story.id, cookie, { readerBackground: null });
    await removeUnusedImages(db(), ctx().deps.imageStorage, later);
    expect(await db().select({ id: images.id }).from(images).where(eq(images.id, id))).toHaveLength(0);
  });
});
