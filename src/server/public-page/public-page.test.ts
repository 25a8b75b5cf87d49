import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { publicStoryPath } from "../../shared/schemas/reading";
import { solidImage } from "../test/images";
import { processImage } from "../images/process-image";
import { storeImage } from "../images/store-image";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession } from "../test/factories";
import { PAGE_CSS } from "../html/site";

const clientDir = mkdtempSync(join(tmpdir(), "ficforge-public-page-"));
const SHELL = "<!doctype html><title>FicForge</title><div id=root></div>";
writeFileSync(join(clientDir, "index.html"), SHELL);

const BODY = [
  '<h2>Chapter 1: The <em>Pass</em></h2><p style="text-align: center">Snow had closed the pass.</p>',
  '<section class="chapter" data-chapter="2"><div class="generated-content" data-model="m">',
  "<h2>Chapter 2: Ash &amp; Bone</h2><p>Corvin smiled too much.</p></div></section>",
  '<section class="chapter" data-chapter="3"><p>No heading here.</p></section>',
].join("");

describeEachDb(
  "public story page",
  (ctx) => {
    const db = () => ctx().database.db;
    async function published(overrides: Parameters<typeof createStory>[1] = {}) {
      const author = await createUser(db(), { username: `writer${Math.floor(Math.random() * 1e9)}` });
      const story = await createStory(db(), {
        authorId: author.id,
        published: true,
        publishedAt: new Date(),
        sanitizedWith: 1,
        content: BODY,
        ...overrides,
      });
      return { story, author, path: publicStoryPath(story.id, story.title) };
    }
    const get = (url: string, headers: Record<string, string> = {}) => send(ctx().app, "GET", url, undefined, headers);

    it("renders title, author, cover, description, reading time, chapters and link previews, escaped", async () => {
      const image = await processImage(await solidImage("png", 1200, 800));
      const coverId = await storeImage(db(), ctx().deps.imageStorage, image, null);
      const title = `Ren's "Blade" <script>alert(1)</script>`;
      const { story, author, path } = await published({
        title,
        description: `A <b>bold</b> tale & "more"`,
        coverImageId: coverId,
        wordCount: 690,
        aiWordCount: 345,
      });
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      const html = res.body;
      expect(html).not.toContain("<script");
      expect(html).toContain("<h1>Ren&#39;s &quot;Blade&quot; &lt;script&gt;alert(1)&lt;/script&gt;</h1>");
      expect(html).toContain(`by <a href="/u/${author.username}" rel="author"><strong>${author.username}</strong></a>`);
      expect(html).toContain('<p class="desc">A &lt;b&gt;bold&lt;/b&gt; tale &amp; &quot;more&quot;</p>');
      expect(html).toContain("<li>3 min read</li>");
      expect(html).toContain("<li>690 words</li>");
      expect(html).toContain(`<li class="ai-badge">AI-generated</li>`);
      expect(html).toContain(`src="/api/images/${coverId}"`);
      expect(html).toContain(`width="${image.width}" height="${image.height}"`);
      const canonical = `${TEST_APP_URL}${path}`;
      expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(html).toContain(`<meta property="og:url" content="${canonical}">`);
      expect(html).toContain(`<meta property="og:title" content="Ren&#39;s &quot;Blade&quot; &lt;script&gt;`);
      expect(html).toContain(
        '<meta property="og:description" content="A &lt;b&gt;bold&lt;/b&gt; tale &amp; &quot;more&quot;">',
      );
      expect(html).toContain(`<meta property="og:image" content="${TEST_APP_URL}/api/images/${coverId}">`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      // Chapters: the h2 headings (inline marks dropped in the list), and a chapter section without one.
      expect(html).toContain('<li><a href="#chapter-1">Chapter 1: The Pass</a></li>');
      expect(html).toContain('<li><a href="#chapter-2">Chapter 2: Ash &amp; Bone</a></li>');
      expect(html).toContain('<li><a href="#part-2">Chapter 3</a></li>');
      expect(html).toContain('<h2 id="chapter-1">Chapter 1: The <em>Pass</em></h2>');
      expect(html).toContain('<h2 id="chapter-2">');
      expect(html).toContain('<section class="chapter" data-chapter="3" id="part-2">');
      expect(html).toContain('<p class="align-center">Snow had closed the pass.</p>');
      expect(html).not.toContain("style=");
      // The sign-up prompt.
      expect(html).toContain('<a class="btn" href="/auth">Sign up free</a>');
      expect(html).toContain(`href="/dashboard/story/${story.id}/read"`);
    });

    it("is public, cacheable with an ETag, and its CSP allows its own CSS only", async () => {
      const { path } = await published({ title: "Open Road" });
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.headers["cache-control"]).toBe("public, max-age=60");
      const csp = String(res.headers["content-security-policy"]);
      const hash = (await import("node:crypto")).createHash("sha256").update(PAGE_CSS).digest("base64");
      expect(csp).toContain(`style-src 'sha256-${hash}'`);
      expect(csp).toContain("script-src 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(res.body).toContain(`<style>${PAGE_CSS}</style>`);
      expect(res.body.match(/<style/g)).toHaveLength(1);

      expect(res.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
      const again = await get(path, { "if-none-match": String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect((await get(path, { "if-none-match": String(res.headers.etag).slice(2) })).statusCode).toBe(304);
      expect((await get(path, { "if-none-match": 'W/"other"' })).statusCode).toBe(200);
      // A signed-in reader gets the page drawn for them (signed-in-slot.test.ts), never cached.
      const { cookie } = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
      const signedIn = await get(path, { cookie });
      expect(signedIn.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers.vary).toBe("Accept-Encoding, Cookie");
      const br = await get(path, { "accept-encoding": "br, gzip" });
      expect(br.headers["content-encoding"]).toBe("br");
    });

    it("a wrong or missing slug is moved (301) to the canonical path", async () => {
      const { story, path } = await published({ title: "Café Noir: Part One!" });
      expect(path).toBe(`/s/${story.id}-cafe-noir-part-one`);
      for (const wrong of [`/s/${story.id}`, `/s/${story.id}-old-title`, `/s/${story.id}-cafe-noir-part-one?x=1`]) {
        const res = await get(wrong);
        if (wrong.includes("?")) {
          expect(res.statusCode).toBe(200);
          continue;
        }
        expect(res.statusCode, wrong).toBe(301);
        expect(res.headers.location).toBe(path);
      }
    });

    it("a title in any script keeps its letters in the path; HEAD and a story without description work", async () => {
      const { story, path, author } = await published({ title: "東京の夜 — Ночь", description: null });
      expect(path).toBe(`/s/${story.id}-東京の夜-ночь`);
      const res = await get(encodeURI(path));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<link rel="canonical" href="${TEST_APP_URL}${encodeURI(path)}">`);
      expect(res.body).toContain(
        `<meta property="og:description" content="Read “東京の夜 — Ночь” by ${author.username} on FicForge.">`,
      );
      expect(res.body).toContain('<meta name="twitter:card" content="summary">');
      expect(res.body).not.toContain("og:image");
      const moved = await get(`/s/${story.id}-tokyo`);
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(encodeURI(path));
      const head = await send(ctx().app, "HEAD", encodeURI(path));
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe("");
    });

    it.each([
      ["unpublished", { published: false }],
      ["marked mature by its author", { markedMature: true }],
      ["rated mature", { rating: "mature" }],
      ["using the nsfw theme", { themes: ["slow-burn", "nsfw"] }],
      ["spicy by its moods", { moods: { romance: 40, spice: 80 } }],
      ["mature by its description", { description: "An 18+ story." }],
    ])("404 like any unknown page when %s, revealing nothing", async (_reason, overrides) => {
      const { path } = await published({ title: "Hidden Tale", ...overrides });
      const res = await get(path);
      const unknown = await get("/s/999999999-hidden-tale");
      expect(res.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(res.body).toBe(SHELL);
      expect(res.body).toBe(unknown.body);
      expect((await get(path.replace(/-.*$/, "-x"))).statusCode).toBe(404);
    });

    it("404 for paths that name no story", async () => {
      for (const path of ["/s/abc", "/s/0-x", "/s/99999999999-x", "/s/-1"]) {
        expect((await get(path)).statusCode, path).toBe(404);
      }
    });

    it("an empty story says so", async () => {
      const { path } = await published({ title: "Blank Slate", content: "", wordCount: 0, aiWordCount: 0 });
      const res = await get(path);
      expect(res.body).toContain("No content yet");
      expect(res.body).toContain("<li>1 min read</li>");
      expect(res.body).not.toContain("ai-badge");
      expect(res.body).not.toContain('class="toc"');
    });
  },
  { clientDir },
);
