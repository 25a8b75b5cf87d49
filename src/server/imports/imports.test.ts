// Issue 20 section 3: importing .docx (a real one, made here), Markdown, HTML, plain text and EPUB as drafts, with
// chapters recognised, everything sanitized and no Marin provenance; and the bad inputs: a corrupt or
// password-protected .docx, a zip bomb posing as EPUB, HTML with scripts, a 30 MB upload, too many imports.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { splitChapters } from "../chapters/split-chapters";
import { stories } from "../db/schema";
import { epubStream } from "../epub/epub";
import { describeEachDb, TEST_APP_URL } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";
import { threeChapterDocx } from "../test/docx";
import { epubOf, multipart, type Part, zip } from "./test-uploads";

// A zip bomb posing as EPUB: a chapter of 70 MB of zeros packs into ~70 KB. Made once for both databases.
let bombMade: Promise<Buffer> | undefined;
const zipBomb = () => (bombMade ??= epubOf([Buffer.alloc(70 * 1024 * 1024)]));

async function epubBook(): Promise<Buffer> {
  const parts: Buffer[] = [];
  const stream = epubStream({
    identifier: "urn:test:1",
    title: "The Harbour Book",
    author: "someone",
    language: "en",
    modified: new Date("2026-01-01T00:00:00Z"),
    chapterCount: 2,
    chapters: [
      { title: "One", html: "<h2>One</h2><p>First <em>chapter</em>.</p>" },
      { title: "Two", html: "<p>Second chapter, no heading of its own.</p>" },
    ],
    subjects: ["harbour"],
    provenance: "Written with Marin: about 50%",
  });
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describeEachDb("POST /api/imports", (ctx) => {
  const db = () => ctx().database.db;
  async function post(parts: Part[], cookie?: string) {
    const auth = cookie ?? (await createVerifiedUserWithSession(db(), {}, ctx().clock.now())).cookie;
    const body = multipart(parts);
    return ctx().app.inject({
      method: "POST",
      url: "/api/imports",
      headers: { ...body.headers, origin: TEST_APP_URL, cookie: auth },
      payload: body.payload,
    });
  }
  const storyOf = async (id: number) => (await db().select().from(stories).where(eq(stories.id, id)))[0]!;

  it("makes each file a private draft of the writer's, chapters recognised, sanitized, none of it Marin's", async () => {
    const writer = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const markdown = [
      "# Night Ferry",
      "## Chapter 1",
      "Rain on the *deck*. <img src=x onerror=alert(1)>",
      "***",
      "## Chapter 2",
      "A [link](javascript:alert(1)) and **more**.",
    ].join("\n\n");
    const html = [
      "<html><head><title>t</title><script>alert(1)</script></head><body>",
      '<h1>Part One</h1><p onclick="x()">Hello <a href="javascript:alert(1)">there</a></p>',
      '<div class="generated-content" data-model="Marin"><section class="chapter" data-chapter="2">',
      "<h2>Part Two</h2><p>Pretending to be Marin's.</p></section></div>",
      "<style>p{}</style><iframe src='https://evil'></iframe><h1>Part Three</h1><p>End.</p></body></html>",
    ].join("");
    const text = "Chapter 1: Dust\n\nFirst line\nsecond line.\n\n* * *\n\nLater.\n\nChapter 2: Ash\n\nMore.";
    const res = await post(
      [
        { name: "Salt and Tide.docx", bytes: await threeChapterDocx() },
        { name: "ferry.md", bytes: Buffer.from(markdown) },
        { name: "parts.html", bytes: Buffer.from(html) },
        { name: "dust_and_ash.txt", bytes: Buffer.from(`\uFEFF${text}\u0007`) },
        { name: "book.epub", bytes: await epubBook() },
      ],
      writer.cookie,
    );
    expect(res.statusCode).toBe(201);
    const { ids } = res.json() as { ids: number[] };
    expect(ids).toHaveLength(5);
    const [docx, md, page, txt, epub] = await Promise.all(ids.map(storyOf));
    for (const story of [docx, md, page, txt, epub]) {
      expect(story!.authorId).toBe(writer.user.id);
      expect(story!.published).toBe(false);
      expect(story!.aiWordCount).toBe(0);
      expect(story!.wordCount).toBeGreaterThan(0);
      expect(story!.content).not.toMatch(/<(script|img|a|iframe|style)\b|<[^>]*\s(on\w+|href|src)=|generated-content/);
      expect(story!.content).not.toContain("\u0007");
    }
    const titles = (content: string) => splitChapters(content).map((c) => c.title);

    expect(docx!.title).toBe("Salt and Tide");
    expect(titles(docx!.content)).toEqual(["Chapter 1: Salt", "Chapter 2: Tide", "Chapter 3: Home"]);
    expect(docx!.content).toContain("<p>A note before it all.</p><h2>Chapter 1: Salt</h2>");
    expect(docx!.content).toContain("<strong>boldly</strong>");
    expect(docx!.content).toContain("Dawn &lt;script&gt;alert(1)&lt;/script&gt; came.");

    expect(md!.title).toBe("Night Ferry");
    expect(titles(md!.content)).toEqual(["Chapter 1", "Chapter 2"]);
    expect(md!.content).toContain("<em>deck</em>");
    expect(md!.content).toContain("<hr />");

    expect(page!.title).toBe("parts");
    expect(titles(page!.content)).toEqual(["Part One", "Part Two", "Part Three"]);
    expect(page!.content).toContain("<p>Hello there</p>");
    expect(page!.content).not.toContain("p{}");

    expect(txt!.title).toBe("dust and ash");
    expect(titles(txt!.content)).toEqual(["Chapter 1: Dust", "Chapter 2: Ash"]);
    expect(txt!.content).toContain("<hr />");

    expect(epub!.title).toBe("The Harbour Book");
    expect(titles(epub!.content)).toEqual(["One", "Two"]);
    expect(epub!.content).not.toContain("Written with Marin");
  });

  it("answers a clear 4xx to bad files and saves nothing", async () => {
    const writer = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const count = async () => (await db().select().from(stories).where(eq(stories.authorId, writer.user.id))).length;
    const expectError = async (parts: Part[], status: number, message: RegExp) => {
      const res = await post(parts, writer.cookie);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    };
    const docx = await threeChapterDocx();
    const corrupt = Buffer.concat([docx.subarray(0, 400), randomBytes(2000)]);
    await expectError([{ name: "broken.docx", bytes: corrupt }], 400, /"broken\.docx": .*damaged/);
    const protectedDocx = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      randomBytes(4000),
    ]);
    await expectError([{ name: "secret.docx", bytes: protectedDocx }], 400, /password-protected/);
    const bomb = await zipBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectError([{ name: "bomb.epub", bytes: bomb }], 413, /"bomb\.epub" is too long for one story/);
    const many = Object.fromEntries(Array.from({ length: 2_100 }, (_, i) => [`f${i}.xhtml`, "x"]));
    await expectError([{ name: "many.epub", bytes: await zip(many) }], 400, /unpacks to more than we can import/);
    await expectError(
      [{ name: "notes.pdf", bytes: Buffer.from("%PDF-1.4") }],
      415,
      /\.docx, \.epub, \.md, \.html and \.txt/,
    );
    await expectError([{ name: "empty.html", bytes: Buffer.from("<script>alert(1)</script>") }], 400, /no text/);
    // A good file beside a bad one saves neither.
    await expectError(
      [
        { name: "good.txt", bytes: Buffer.from("Fine.") },
        { name: "huge.txt", bytes: Buffer.alloc(30 * 1024 * 1024, 97) },
      ],
      413,
      /20 MB in all/,
    );
    expect(await count()).toBe(0);
  });

  it("limits imports per writer", async () => {
    const writer = await createVerifiedUserWithSession(db(), {}, ctx().clock.now());
    const one = [{ name: "a.txt", bytes: Buffer.from("Hello.") }];
    for (let i = 0; i < 10; i++) expect((await post(one, writer.cookie)).statusCode).toBe(201);
    const res = await post(one, writer.cookie);
    expect(res.statusCode).toBe(429);
    expect((await post(one)).statusCode).toBe(201);
  });
});
