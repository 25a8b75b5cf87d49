// Issue 31 section 5: the HTML and PDF downloads beside the EPUB (/s/{id}-{slug}/download.html, .pdf), under the EPUB's
// rules: only a work with a public page (published, general, not hidden by moderation), members-only works for members,
// bad refs the 404 page, another slug a 301; the HTML file self-contained and sanitized; a burst of PDFs refused past
// the builds an instance sets at once, with Retry-After.
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { expect, it } from "vitest";
import { publicStoryPath } from "../../shared/routes";
import { scheduledReleases, stories } from "../db/schema";
import { processImage } from "../images/process-image";
import { storeImage } from "../images/store-image";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { solidImage } from "../test/images";
import { PDF_BUILDS_AT_ONCE, PDF_BUSY } from "./download-routes";

const CONTENT = [
  "<h2>Chapter 1: Salt &amp; Rain</h2><p>Aria caught <strong>Kael</strong> on the <em>docks</em>.</p>",
  "<p>* * *</p><p>Dawn came.</p>",
  // Written before the sanitizer knew better: what the page would not show, the downloads do not either.
  '<p>Tide<script>alert("x")</script><img src="https://tracker.example/pixel.png"><a href="https://elsewhere.example/">here</a></p>',
  "<h2>Chapter 2: Tide</h2><p>Morning came grey.</p>",
].join("");

describeEachDb("HTML and PDF downloads", (ctx) => {
  const db = () => ctx().database.db;
  const get = (url: string, headers: Record<string, string> = {}) => send(ctx().app, "GET", url, undefined, headers);
  let n = 0;

  async function work(overrides: Parameters<typeof createStory>[1] = {}) {
    const writer = await createVerifiedUserWithSession(db(), { username: `dl${Date.now() % 1e6}${n++}` });
    const coverImageId = await storeImage(
      db(),
      ctx().app.deps.imageStorage,
      await processImage(await solidImage("png", 300, 450)),
      null,
    );
    const story = await createStory(db(), {
      authorId: writer.user.id,
      title: "Salt & Thorns",
      description: "A harbour <romance>.",
      content: CONTENT,
      coverImageId,
      tags: ["harbour"],
      contentRating: "teen",
      wordCount: 40,
      aiWordCount: 10,
      published: true,
      publishedAt: new Date(),
      sanitizedWith: 1,
      ...overrides,
    });
    return { ...writer, story, base: publicStoryPath(story.id, story.title) };
  }

  it("offers the HTML file: self-contained, sanitized, with the cover, contents and the AI label; 304 and 301 as the EPUB", async () => {
    const { story, base } = await work();
    const page = (await get(base)).body;
    expect(page).toContain(`href="${base}/download.html"`);
    expect(page).toContain(`href="${base}/download.pdf"`);
    const res = await get(`${base}/download.html`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Salt-Thorns.html"; filename*=UTF-8''Salt%20%26%20Thorns.html`,
    );
    expect(res.headers["content-security-policy"]).toContain("sandbox");
    const html = res.body;
    // Nothing to run and nothing to fetch: no scripts, no URL of another host, images only as data: URLs.
    expect(html).not.toMatch(/<script|javascript:|\son\w+\s*=/i);
    expect(html).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/url\(/i);
    expect(html.match(/<img [^>]*src="([^"]*)"/g)).toEqual([
      expect.stringMatching(/^<img src="data:image\/jpeg;base64,[A-Za-z0-9+/=]+"/),
    ]);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(html).toContain('<meta name="ficforge:ai-label" content="assisted">');
    expect(html).toContain('<meta name="keywords" content="harbour, ai-label:assisted">');
    expect(html).toContain("<h1>Salt &amp; Thorns</h1>");
    expect(html).toContain("A harbour &lt;romance&gt;.");
    expect(html).toContain('<p class="facts">AI-assisted 25%</p>');
    expect(html).toContain('<li><a href="#chapter-2">Chapter 2: Tide</a></li>');
    expect(html).toContain('<section class="chapter" id="chapter-2">');
    expect(html).toContain("<strong>Kael</strong> on the <em>docks</em>");
    expect(html).toContain("<hr>");
    expect(html).toContain("<p>Tidehere</p>");

    expect((await get(`/s/${story.id}-old-slug/download.html`)).headers.location).toBe(`${base}/download.html`);
    expect((await get(`${base}/download.html`, { "if-none-match": String(res.headers.etag) })).statusCode).toBe(304);
    expect((await get(`${base}/download.html`, { "if-none-match": '"forged", *' })).statusCode).toBe(200);
  });

  it("streams the PDF with its title, chapters and metadata; a matching ETag costs nothing, an edit changes it", async () => {
    const { story, base, cookie } = await work();
    const res = await get(`${base}/download.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain('filename="Salt-Thorns.pdf"');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: false });
    expect(text[1]).toContain("Salt & Thorns");
    expect(text.join("\n")).toContain("Aria caught Kael on the docks.");
    expect(text.join("\n")).not.toContain("alert");
    expect((await getMeta(pdf)).info).toMatchObject({ Title: "Salt & Thorns", Keywords: "harbour, ai-label:assisted" });
    expect((await get(`${base}/download.pdf`, { "if-none-match": String(res.headers.etag) })).statusCode).toBe(304);
    expect((await get(`/s/${story.id}/download.pdf`)).headers.location).toBe(`${base}/download.pdf`);
    const edit = await send(ctx().app, "PATCH", `/api/stories/${story.id}`, { content: "<p>Redone.</p>" }, { cookie });
    expect(edit.statusCode).toBe(200);
    const again = await get(`${base}/download.pdf`, { "if-none-match": String(res.headers.etag) });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).not.toBe(res.headers.etag);
  });

  it("gives no download of a draft, a scheduled or mature work, one hidden by moderation, or a bad ref", async () => {
    const draft = await work({ published: false, publishedAt: null });
    await db()
      .insert(scheduledReleases)
      .values({ storyId: draft.story.id, at: new Date(Date.now() + 3_600_000), publish: {} });
    const mature = await work({ contentRating: "explicit", rating: "mature" });
    const hidden = await work();
    await db().update(stories).set({ moderationHiddenAt: new Date() }).where(eq(stories.id, hidden.story.id));
    for (const { base, cookie } of [draft, mature, hidden]) {
      for (const file of ["download.html", "download.pdf"]) {
        // Not for a visitor, another reader, nor (on the public page) its own writer.
        expect((await get(`${base}/${file}`)).statusCode).toBe(404);
        expect((await get(`${base}/${file}`, { cookie })).statusCode).toBe(404);
      }
    }
    for (const ref of ["0", "abc", "99999999999", "12345678", "-1"]) {
      expect((await get(`/s/${ref}/download.pdf`)).statusCode).toBe(404);
      expect((await get(`/s/${ref}/download.html`)).statusCode).toBe(404);
    }
    expect((await get(`/s/${draft.story.id}%00/download.pdf`)).statusCode).toBe(400);
  });

  it("gives a members-only work's downloads to members, and visitors the sign-in page", async () => {
    const { base } = await work({ audience: "members" });
    const reader = await createVerifiedUserWithSession(db(), { username: `mem${Date.now() % 1e6}` });
    for (const file of ["download.html", "download.pdf"]) {
      const visitor = await get(`${base}/${file}`);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(visitor.body).toContain("Sign in to read");
      expect(visitor.body).not.toContain("Aria caught");
      const member = await get(`${base}/${file}`, { cookie: reader.cookie });
      expect(member.statusCode).toBe(200);
      expect(member.headers["content-disposition"]).toContain("attachment");
      expect(member.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("refuses a burst of PDFs past the builds it sets at once with 503 and Retry-After, then makes them again", async () => {
    const { base } = await work();
    const burst = await Promise.all(Array.from({ length: PDF_BUILDS_AT_ONCE + 4 }, () => get(`${base}/download.pdf`)));
    const made = burst.filter((r) => r.statusCode === 200);
    const refused = burst.filter((r) => r.statusCode === 503);
    expect(made.length + refused.length).toBe(burst.length);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(made.length).toBeLessThanOrEqual(PDF_BUILDS_AT_ONCE);
    for (const r of made) expect(r.rawPayload.subarray(-6).toString("latin1")).toContain("%%EOF");
    for (const r of refused) {
      expect(r.headers["retry-after"]).toBe("10");
      expect(r.body).toBe(PDF_BUSY);
    }
    expect((await get(`${base}/download.pdf`)).statusCode).toBe(200);
    // HEAD answers the headers without typesetting (and so without a slot).
    const heads = await Promise.all(
      Array.from({ length: PDF_BUILDS_AT_ONCE + 1 }, () => send(ctx().app, "HEAD", `${base}/download.pdf`)),
    );
    for (const head of heads) {
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-type"]).toBe("application/pdf");
      expect(head.rawPayload).toHaveLength(0);
    }
  });
});
