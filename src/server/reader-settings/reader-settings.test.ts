import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  DEFAULT_READER_SETTINGS,
  decodeReaderCookie,
  encodeReaderCookie,
  READER_COOKIE,
  type ReaderSettings,
} from "../../shared/schemas/reader-settings";
import { publicStoryPath } from "../../shared/schemas/reading";
import { users } from "../db/schema";
import { createVerifiedAccount, logInCookie } from "../test/accounts";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession } from "../test/factories";

const SEPIA: ReaderSettings = { font: "serif", size: 5, width: "wide", spacing: 3, theme: "sepia", hideTags: false };
const DARK_HIDDEN: ReaderSettings = { ...DEFAULT_READER_SETTINGS, font: "dyslexic", theme: "dark", hideTags: true };
const readerCookie = (s: ReaderSettings) => `${READER_COOKIE}=${encodeReaderCookie(s)}`;
const setCookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === READER_COOKIE)?.value;
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

describeEachDb("reader settings", (ctx) => {
  const db = () => ctx().database.db;
  const app = () => ctx().app;
  const API = "/api/me/reader-settings";

  async function publishedStory() {
    const author = await createUser(db(), { username: `rs${Math.floor(Math.random() * 1e9)}` });
    const story = await createStory(db(), {
      authorId: author.id,
      published: true,
      publishedAt: new Date(),
      sanitizedWith: 1,
      content: "<p>The lanterns came on.</p>",
      warnings: ["Major character death"],
    });
    return { story, author, path: publicStoryPath(story.id, story.title) };
  }

  it("keeps a signed-out visitor's settings in the cookie, and answers them back", async () => {
    const fresh = await send(app(), "GET", API);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual(DEFAULT_READER_SETTINGS);
    expect(setCookieOf(fresh)).toBeUndefined();

    const put = await send(app(), "PUT", API, SEPIA);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(SEPIA);
    const cookie = put.cookies.find((c) => c.name === READER_COOKIE)!;
    expect(cookie.value).toBe("serif.5.wide.3.sepia.0");
    expect(cookie.path).toBe("/");
    expect(cookie.httpOnly).toBeFalsy();
    expect(cookie.maxAge).toBeGreaterThan(300 * 24 * 3600);

    const back = await send(app(), "GET", API, undefined, { cookie: `${READER_COOKIE}=${cookie.value}` });
    expect(back.json()).toEqual(SEPIA);
  });

  it("refuses unknown keys and values with a 400 naming the field", async () => {
    const bad: [unknown, string][] = [
      [{ ...SEPIA, colour: "red" }, "colour"],
      [{ ...SEPIA, size: 6 }, "size"],
      [{ ...SEPIA, size: 2.5 }, "size"],
      [{ ...SEPIA, size: "3" }, "size"],
      [{ ...SEPIA, spacing: 0 }, "spacing"],
      [{ ...SEPIA, font: "comic" }, "font"],
      [{ ...SEPIA, width: "huge" }, "width"],
      [{ ...SEPIA, theme: "neon" }, "theme"],
      [{ ...SEPIA, hideTags: "yes" }, "hideTags"],
      [{ font: "serif" }, "size"],
      [["serif"], ""],
    ];
    for (const [body, field] of bad) {
      const res = await send(app(), "PUT", API, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.body).toContain(field);
      expect(setCookieOf(res)).toBeUndefined();
    }
    const huge = await send(app(), "PUT", API, { ...SEPIA, font: "x".repeat(200_000) });
    expect([400, 413]).toContain(huge.statusCode);
  });

  it("saves a signed-in reader's settings on the account; the cookie follows them on every device", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db());
    const put = await send(app(), "PUT", API, DARK_HIDDEN, { cookie });
    expect(put.statusCode, put.body).toBe(200);
    expect(setCookieOf(put)).toBe(encodeReaderCookie(DARK_HIDDEN));
    const [row] = await db().select({ s: users.readerSettings }).from(users).where(eq(users.id, user.id));
    expect(row!.s).toEqual(DARK_HIDDEN);

    // Another browser of theirs, with an old cookie: the account wins, and the cookie catches up.
    const other = await send(app(), "GET", API, undefined, { cookie: `${cookie}; ${readerCookie(SEPIA)}` });
    expect(other.json()).toEqual(DARK_HIDDEN);
    expect(setCookieOf(other)).toBe(encodeReaderCookie(DARK_HIDDEN));
    // In step: nothing to set.
    const same = await send(app(), "GET", API, undefined, { cookie: `${cookie}; ${readerCookie(DARK_HIDDEN)}` });
    expect(setCookieOf(same)).toBeUndefined();
  });

  it("sets the cookie at sign-in from the account, and keeps a visitor's choice for an account that never chose", async () => {
    const chose = await createVerifiedAccount(app(), ctx().mailer);
    const signIn = (email: string, password: string, extra: string) =>
      send(app(), "POST", "/api/login", { email, password }, { cookie: extra, "x-forwarded-for": "10.9.9.9" });
    // Never chose: the browser's sepia becomes the account's.
    const first = await signIn(chose.email, chose.password, readerCookie(SEPIA));
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await db().select({ s: users.readerSettings }).from(users).where(eq(users.email, chose.email));
    expect(row!.s).toEqual(SEPIA);
    // Chose: a browser with other settings gets the account's.
    const second = await signIn(chose.email, chose.password, readerCookie(DARK_HIDDEN));
    expect(setCookieOf(second)).toBe(encodeReaderCookie(SEPIA));
    const session = await logInCookie(app(), chose);
    expect((await send(app(), "GET", API, undefined, { cookie: session })).json()).toEqual(SEPIA);
  });

  it("draws the public page with the cookie's settings on <html>, never from or into the shared copy", async () => {
    const { path } = await publishedStory();
    const plain = await send(app(), "GET", path);
    expect(plain.statusCode).toBe(200);
    expect(htmlTag(plain.body)).toBe('<html lang="en">');
    expect(plain.headers["cache-control"]).toBe("public, max-age=60");
    expect(plain.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(plain.body).toContain(`<a href="/reader-settings?back=${encodeURIComponent(path)}">Reading settings</a>`);

    const sepia = await send(app(), "GET", path, undefined, { cookie: readerCookie(SEPIA) });
    expect(htmlTag(sepia.body)).toBe(
      '<html data-size="5" data-width="wide" data-spacing="3" data-theme="sepia" lang="en">',
    );
    expect(sepia.headers["cache-control"]).toBe("private, max-age=60");
    expect(sepia.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(sepia.headers.etag).not.toBe(plain.headers.etag);
    // Its own ETag revalidates; the shared one does not answer for it.
    const again = await send(app(), "GET", path, undefined, {
      cookie: readerCookie(SEPIA),
      "if-none-match": String(sepia.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const stale = await send(app(), "GET", path, undefined, {
      cookie: readerCookie(SEPIA),
      "if-none-match": String(plain.headers.etag),
    });
    expect(stale.statusCode).toBe(200);
    // Compressed like the shared page, with the settings inside.
    const br = await send(app(), "GET", path, undefined, { cookie: readerCookie(SEPIA), "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    // The next visitor without the cookie gets the shared page, untouched.
    const after = await send(app(), "GET", path);
    expect(htmlTag(after.body)).toBe('<html lang="en">');
    expect(after.headers.etag).toBe(plain.headers.etag);
    // The chapter page too; a signed-in reader's page (drawn for them) too.
    const chapter = await send(app(), "GET", `${path}/1`, undefined, { cookie: readerCookie(DARK_HIDDEN) });
    expect(chapter.statusCode).toBe(200);
    expect(htmlTag(chapter.body)).toContain('data-font="dyslexic"');
    const { cookie } = await createVerifiedUserWithSession(db());
    const signedIn = await send(app(), "GET", path, undefined, { cookie: `${cookie}; ${readerCookie(DARK_HIDDEN)}` });
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(htmlTag(signedIn.body)).toBe('<html data-font="dyslexic" data-theme="dark" data-hide-tags lang="en">');
  });

  it("ignores a forged, oversized or malformed cookie: the shared page, no error", async () => {
    const { path } = await publishedStory();
    const plain = await send(app(), "GET", path);
    const forged = [
      `${READER_COOKIE}=serif.3.medium.2.sepia"><script>alert(1)</script>.0`,
      `${READER_COOKIE}=serif.9.medium.2.sepia.0`,
      `${READER_COOKIE}=serif.3.medium.2.sepia`,
      `${READER_COOKIE}=serif.3.medium.2.sepia.0.0`,
      `${READER_COOKIE}=${"serif.".repeat(2000)}`,
      `${READER_COOKIE}=%ZZ`,
      `${READER_COOKIE}=`,
      `${READER_COOKIE}=comic.3.medium.2.sepia.0`,
    ];
    for (const cookie of forged) {
      const res = await send(app(), "GET", path, undefined, { cookie });
      expect(res.statusCode, cookie).toBe(200);
      expect(res.headers.etag, cookie).toBe(plain.headers.etag);
      const api = await send(app(), "GET", API, undefined, { cookie });
      expect(api.json(), cookie).toEqual(DEFAULT_READER_SETTINGS);
    }
    expect(decodeReaderCookie("x".repeat(10_000))).toBeNull();
  });

  it("puts 'Tags hidden — show' after a work's warnings and tags, shown by the stylesheet only to those who hide them", async () => {
    const { path, author } = await publishedStory();
    const page = (await send(app(), "GET", path, undefined, { cookie: readerCookie(DARK_HIDDEN) })).body;
    expect(page).toMatch(
      /<section class="tagging"[^>]*><dl>.*Major character death.*<\/dl><details class="spoil"><summary><span class="h">Tags hidden — show<\/span>/s,
    );
    expect(page).toContain("html[data-hide-tags] .spoil{display:block");
    const card = (await send(app(), "GET", `/u/${author.username}`, undefined, { cookie: readerCookie(DARK_HIDDEN) }))
      .body;
    expect(htmlTag(card)).toContain("data-hide-tags");
    expect(card).toMatch(
      /<ul class="meta" aria-label="About this story">.*Major character death.*<\/ul><details class="spoil">/s,
    );
  });

  it("offers a script-free form that saves and comes back to the page", async () => {
    const { path } = await publishedStory();
    const form = await send(app(), "GET", `/reader-settings?back=${encodeURIComponent(path)}`, undefined, {
      cookie: readerCookie(SEPIA),
    });
    expect(form.statusCode).toBe(200);
    expect(form.headers["cache-control"]).toBe("private, no-store");
    expect(form.body).not.toContain("<script");
    expect(form.body).toContain('<input type="radio" name="theme" value="sepia" checked>');
    expect(form.body).toContain('<input type="radio" name="size" value="5" checked>');
    expect(form.body).toContain(`<input type="hidden" name="back" value="${path}">`);
    expect(htmlTag(form.body)).toContain('data-theme="sepia"');

    const post = (body: string, headers: Record<string, string> = {}) =>
      app().inject({
        method: "POST",
        url: "/reader-settings",
        payload: body,
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", ...headers },
      });
    const fields = `font=sans&size=4&width=narrow&spacing=1&theme=dark&hideTags=1`;
    const saved = await post(`${fields}&back=${encodeURIComponent(path)}`);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(path);
    expect(setCookieOf(saved)).toBe("sans.4.narrow.1.dark.1");
    // Anywhere but here goes to the form itself, saying it saved.
    for (const back of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", ""]) {
      const res = await post(`${fields}&back=${encodeURIComponent(back)}`);
      expect(res.headers.location, back).toBe("/reader-settings?saved=1");
    }
    expect((await send(app(), "GET", "/reader-settings?saved=1")).body).toContain("Your reading settings are saved.");
    // Bad values, a cross-site post and an oversized body are refused.
    expect((await post("font=comic&size=4&width=narrow&spacing=1&theme=dark")).statusCode).toBe(400);
    expect((await post("font=sans&size=44&width=narrow&spacing=1&theme=dark")).statusCode).toBe(400);
    expect((await post(fields, { "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await post(`${fields}&back=${"a".repeat(2000)}`)).statusCode).toBe(413);

    // Signed in, the form saves to the account too.
    const { user, cookie } = await createVerifiedUserWithSession(db());
    await post(fields, { cookie });
    const [row] = await db().select({ s: users.readerSettings }).from(users).where(eq(users.id, user.id));
    expect(row!.s).toMatchObject({ font: "sans", theme: "dark", hideTags: true });
  });

  it("serves the dyslexia-friendly face, and nothing else from that folder", async () => {
    const font = await send(app(), "GET", "/fonts/opendyslexic-latin-400-normal.woff2");
    expect(font.statusCode).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.rawPayload.subarray(0, 4).toString("latin1")).toBe("wOF2");
    for (const url of [
      "/fonts/package.json",
      "/fonts/..%2Fpackage.json",
      "/fonts/opendyslexic-latin-400-normal.woff",
    ]) {
      expect((await send(app(), "GET", url)).statusCode, url).toBe(404);
    }
  });
});
