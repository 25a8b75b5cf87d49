import sharp from "sharp";
import { expect, it } from "vitest";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { IMMUTABLE } from "./routes";
import { jpegWithGps, multipartFile, oversizedPng, solidImage } from "../test/images";

describeEachDb("cover images", (ctx) => {
  async function upload(filename: string, type: string, bytes: Buffer, cookie?: string) {
    const body = multipartFile(filename, type, bytes);
    const { app, database, clock } = ctx();
    const auth = cookie ?? (await createVerifiedUserWithSession(database.db, {}, clock.now())).cookie;
    return app.inject({
      method: "POST",
      url: "/api/images",
      headers: { ...body.headers, origin: TEST_APP_URL, cookie: auth },
      payload: body.payload,
    });
  }

  it("stores an upload once and serves it with immutable caching and an ETag", async () => {
    const png = await solidImage("png", 300, 200);
    const first = await upload("cover.png", "image/png", png);
    expect(first.statusCode).toBe(201);
    const { id, url, thumbnailUrl } = first.json();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(url).toBe(`/api/images/${id}`);
    expect(thumbnailUrl).toBe(`/api/images/${id}?size=thumb`);
    // Same bytes again: same content-addressed id.
    expect((await upload("again.png", "image/png", png)).json().id).toBe(id);

    const full = await send(ctx().app, "GET", url);
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/jpeg");
    expect(full.headers["cache-control"]).toBe(IMMUTABLE);
    expect(full.headers.etag).toBe(`"${id}"`);
    const meta = await sharp(full.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 300, 200]);

    const cached = await send(ctx().app, "GET", url, undefined, { "if-none-match": `"${id}"` });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect((await send(ctx().app, "GET", url, undefined, { "if-none-match": '"other"' })).statusCode).toBe(200);

    const thumb = await send(ctx().app, "GET", thumbnailUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["cache-control"]).toBe(IMMUTABLE);
    expect(thumb.headers.etag).toBe(`"${id}-thumb"`);
    expect(thumb.headers["content-type"]).toBe("image/jpeg");
  });

  it("bounds dimensions and makes a small thumbnail", async () => {
    const big = await solidImage("jpeg", 3000, 2000);
    const { id } = (await upload("big.jpg", "image/jpeg", big)).json();
    const full = await sharp((await send(ctx().app, "GET", `/api/images/${id}`)).rawPayload).metadata();
    expect([full.width, full.height]).toEqual([1600, 1067]);
    const thumb = await sharp((await send(ctx().app, "GET", `/api/images/${id}?size=thumb`)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([360, 240]);
  });

  it("accepts GIF and WebP by their bytes, whatever the file is called", async () => {
    for (const format of ["gif", "webp"] as const) {
      const res = await upload("cover.bin", "application/octet-stream", await solidImage(format));
      expect(res.statusCode).toBe(201);
    }
  });

  it("refuses a text file renamed .png", async () => {
    const res = await upload("cover.png", "image/png", Buffer.from("just some text, not a picture\n".repeat(20)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Please upload a valid image (JPEG, PNG, or GIF)", code: "IMAGE_TYPE" });
  });

  it("refuses bytes with an image signature that do not decode", async () => {
    const res = await upload("broken.png", "image/png", oversizedPng(2048));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please upload a valid image (JPEG, PNG, or GIF)");
  });

  it("refuses a 6 MB file with 413", async () => {
    const res = await upload("huge.png", "image/png", oversizedPng());
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Image size must be less than 5MB", code: "IMAGE_TOO_LARGE" });
  });

  it("strips EXIF metadata such as GPS coordinates", async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes("FicForge-secret-place")).toBe(true);
    // The GPS IFD pointer tag (0x8825) is present in the uploaded file.
    expect(before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(
      true,
    );
    const { id } = (await upload("holiday.jpg", "image/jpeg", original)).json();
    for (const url of [`/api/images/${id}`, `/api/images/${id}?size=thumb`]) {
      const served = (await send(ctx().app, "GET", url)).rawPayload;
      const after = await sharp(served).metadata();
      expect(after.exif).toBeUndefined();
      expect(served.includes("FicForge-secret-place")).toBe(false);
    }
  });

  it("needs a signed-in user to upload", async () => {
    const body = multipartFile("a.png", "image/png", await solidImage("png"));
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/images",
      headers: { ...body.headers, origin: TEST_APP_URL },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a request that is not a multipart upload", async () => {
    const { cookie } = await createVerifiedUserWithSession(ctx().database.db, {}, ctx().clock.now());
    const res = await send(ctx().app, "POST", "/api/images", { file: "nope" }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please upload a valid image (JPEG, PNG, or GIF)");
  });

  it("answers 404 JSON for a missing image", async () => {
    for (const url of [
      `/api/images/${"a".repeat(32)}`,
      "/api/images/not-an-id",
      `/api/images/${"b".repeat(32)}?size=thumb`,
    ]) {
      const res = await send(ctx().app, "GET", url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Image not found", code: "NOT_FOUND" });
    }
  });
});
