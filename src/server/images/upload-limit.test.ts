// Uploads are limited per user: 30 an hour, counted across POST /api/images and new cover data URLs.
import { expect, it } from "vitest";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { dataUrl, multipartFile, solidImage } from "../test/images";
import { TOO_MANY_UPLOADS, UPLOADS_PER_HOUR } from "./upload-throttle";

describeEachDb("upload limit", (ctx) => {
  const signIn = () => createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
  async function upload(cookie: string) {
    const file = multipartFile("cover.png", "image/png", await solidImage("png", 8, 8));
    return ctx().app.inject({
      method: "POST",
      url: "/api/images",
      payload: file.payload,
      headers: { ...file.headers, cookie, origin: TEST_APP_URL },
    });
  }

  it("answers the 31st upload in an hour with 429, per user, and allows uploads again the next hour", async () => {
    const { cookie } = await signIn();
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) expect((await upload(cookie)).statusCode).toBe(201);
    const refused = await upload(cookie);
    expect([refused.statusCode, refused.json()]).toEqual([
      429,
      { message: TOO_MANY_UPLOADS, code: "TOO_MANY_UPLOADS" },
    ]);
    expect(TOO_MANY_UPLOADS).toBe("You can upload at most 30 images an hour. Please try again later.");

    const other = await signIn();
    expect((await upload(other.cookie)).statusCode).toBe(201);

    ctx().clock.advance(60 * 60 * 1000 + 1);
    expect((await upload(cookie)).statusCode).toBe(201);
  }, 60_000);

  it("counts a new cover sent as a data URL in a story save, but not keeping the current cover", async () => {
    const { cookie, user } = await signIn();
    const story = await createStory(ctx().database.db, { authorId: user.id });
    const patch = (coverImage: string) =>
      send(ctx().app, "PATCH", `/api/stories/${story.id}`, { coverImage }, { cookie });
    const cover = dataUrl(await solidImage("png", 8, 8));
    const first = await patch(cover);
    expect(first.statusCode).toBe(200);
    for (let i = 1; i < UPLOADS_PER_HOUR; i++) expect((await upload(cookie)).statusCode).toBe(201);
    // The cover the story already has is not a new upload.
    expect((await patch(first.json().coverImage)).statusCode).toBe(200);
    const refused = await patch(cover);
    expect([refused.statusCode, refused.json().code]).toEqual([429, "TOO_MANY_UPLOADS"]);
  }, 60_000);
});
