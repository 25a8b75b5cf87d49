// Issue 20 section 3: the EPUB export (checked with Debian's epubcheck: no errors, no warnings) and the readers'
// public download (published, non-mature stories only; cached and dropped on edit).
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import yauzl from "yauzl";
import { publicStoryPath } from "../../shared/schemas/reading";
import { processImage } from "../images/process-image";
import { storeImage } from "../images/store-image";
import { solidImage } from "../test/images";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { series, seriesWorks } from "../db/schema";

const CONTENT = [
  "<p>An author's note before it all.</p>",
  "<h2>Chapter 1: Salt &amp; Rain</h2><p>Aria caught <strong>Kael</strong> on the <em>docks</em>.<br>Then she ran.</p>",
  "<p>* * *</p><p>Dawn came.</p>",
  '<div class="generated-content" data-model="Offline storyteller"><section class="chapter" data-chapter="2">',
  "<h2>Chapter 2: Tide</h2><p>Marin's words, &nbsp;with a non-breaking space.</p><hr></section></div>",
  "<h2>Chapter 3: Home</h2><ul><li><p>one</p></li></ul><blockquote><p>quoted</p></blockquote>",
].join("");

/** The zip's entries as text (the cover as its length), in order. */
async function entries(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  const out = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        const parts: Buffer[] = [];
        stream.on("data", (d: Buffer) => parts.push(d));
        stream.on("end", () => {
          const data = Buffer.concat(parts);
          out.set(entry.fileName, entry.fileName.endsWith(".jpg") ? `${data.length} bytes` : data.toString("utf8"));
          zip.readEntry();
        });
      }),
    );
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return out;
}

function epubcheck(bytes: Buffer): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "ficforge-epub-"));
  const file = join(dir, "book.epub");
  writeFileSync(file, bytes);
  // NOTE: Debian's /usr/bin/epubcheck is the jar itself (run through binfmt_misc, which containers lack): java runs it.
  const jar = spawnSync("sh", ["-c", 'readlink -f "$(command -v epubcheck)"'], { encoding: "utf8" }).stdout.trim();
  // NOTE: not --quiet, which hides warnings (and exits 0 with them); C1 only and the serial GC halve its start-up.
  const run = spawnSync("java", ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", jar, file], {
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

let checked = false;

describeEachDb("story EPUB", (ctx) => {
  const db = () => ctx().database.db;
  const get = (url: string, headers: Record<string, string> = {}) => send(ctx().app, "GET", url, undefined, headers);

  async function book(overrides: Parameters<typeof createStory>[1] = {}) {
    const writer = await createVerifiedUserWithSession(db(), { isPremium: true, username: `ink${Date.now() % 1e7}` });
    const coverImageId = await storeImage(
      db(),
      ctx().app.deps.imageStorage,
      await processImage(await solidImage("png", 600, 900)),
      null,
    );
    const story = await createStory(db(), {
      authorId: writer.user.id,
      title: "Salt & Thorns: Ünïcode",
      description: "A harbour <romance>.",
      content: CONTENT,
      coverImageId,
      tags: ["slow burn", "harbour"],
      contentRating: "teen",
      wordCount: 40,
      aiWordCount: 10,
      ...overrides,
    });
    return { ...writer, story };
  }

  it("exports the author's story as an EPUB 3 that epubcheck passes, with cover, title page, contents and metadata", async () => {
    const { cookie, story, user } = await book();
    // Issue 30: the second part of a series (and the first of another) carries both collections.
    const first = await createStory(db(), { authorId: user.id, published: true });
    const [copper, harbour] = await db()
      .insert(series)
      .values([
        { ownerId: user.id, title: "The Copper & Road" },
        { ownerId: user.id, title: "Harbour tales" },
      ])
      .returning();
    await db()
      .insert(seriesWorks)
      .values([
        { seriesId: copper!.id, storyId: first.id, position: 1 },
        { seriesId: copper!.id, storyId: story.id, position: 2 },
        { seriesId: harbour!.id, storyId: story.id, position: 1 },
      ]);
    const res = await get(`/api/stories/${story.id}/export?format=epub`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/epub+zip");
    expect(res.headers["content-disposition"]).toContain('filename="Salt-Thorns-Unicode.epub"');
    const files = await entries(res.rawPayload);
    expect([...files.keys()].slice(0, 3)).toEqual(["mimetype", "META-INF/container.xml", "OEBPS/content.opf"]);
    const opf = files.get("OEBPS/content.opf")!;
    expect(opf).toContain(`<dc:creator>${user.username}</dc:creator>`);
    expect(opf).toContain("<dc:subject>harbour</dc:subject>");
    expect(opf).toContain('<meta property="ficforge:rating">Teen</meta>');
    expect(opf).toContain('<meta property="ficforge:ai-label">assisted</meta>');
    expect(opf).toContain('properties="cover-image"');
    expect(opf).toContain(`<dc:identifier id="book-id">urn:ficforge:story:${story.id}</dc:identifier>`);
    expect(opf).toContain(
      [
        '<meta property="belongs-to-collection" id="series-1">Harbour tales</meta>',
        '<meta refines="#series-1" property="collection-type">series</meta>',
        '<meta refines="#series-1" property="group-position">1</meta>',
        '<meta property="belongs-to-collection" id="series-2">The Copper &amp; Road</meta>',
        '<meta refines="#series-2" property="collection-type">series</meta>',
        '<meta refines="#series-2" property="group-position">2</meta>',
      ].join("\n    "),
    );
    const title = files.get("OEBPS/title.xhtml")!;
    expect(title).toContain("Written with Marin: about 25%");
    expect(title).toContain("<p>AI-assisted 25%</p>");
    expect(title).toContain("Tags: harbour, slow burn");
    expect(title).toContain("A harbour &lt;romance&gt;.");
    const nav = files.get("OEBPS/nav.xhtml")!;
    expect(nav).toContain('<a href="chapter-3.xhtml">Chapter 3: Home</a>');
    expect(nav).toContain('epub:type="landmarks"');
    expect(files.get("OEBPS/chapter-1.xhtml")).toContain("An author&apos;s note");
    expect(files.has("OEBPS/chapter-4.xhtml")).toBe(false);
    // epubcheck takes seconds (a JVM): once per run, on the first database, as the book does not depend on it.
    if (!checked) {
      checked = true;
      const check = epubcheck(res.rawPayload);
      expect(check.output).not.toMatch(/^(FATAL|ERROR|WARNING|USAGE)/m);
      expect(check.output).toContain("No errors or warnings detected");
      expect(check.status).toBe(0);
    }

    // Export is free on every plan, but only of one's own stories: another writer's is not found, free or Plus.
    const free = await createVerifiedUserWithSession(db(), { username: `free${Date.now() % 1e7}` });
    expect((await get(`/api/stories/${story.id}/export?format=epub`, { cookie: free.cookie })).statusCode).toBe(404);
    const other = await createVerifiedUserWithSession(db(), { isPremium: true, username: `oth${Date.now() % 1e7}` });
    expect((await get(`/api/stories/${story.id}/export?format=epub`, { cookie: other.cookie })).statusCode).toBe(404);
  });

  it("lets any reader download a published, general story, cached until the author edits it; never a draft or a mature one", async () => {
    const { cookie, story } = await book({ published: true, publishedAt: new Date(), sanitizedWith: 1 });
    const path = `${publicStoryPath(story.id, story.title)}/download.epub`;
    expect((await get(publicStoryPath(story.id, story.title))).body).toContain(
      `<p class="download"><a href="${path}" download type="application/epub+zip">Download EPUB</a> · `,
    );
    const [copper] = await db().insert(series).values({ ownerId: story.authorId, title: "Salt Road" }).returning();
    await db().insert(seriesWorks).values({ seriesId: copper!.id, storyId: story.id, position: 1 });
    const first = await get(path);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/epub+zip");
    const files = await entries(first.rawPayload);
    expect(files.get("OEBPS/chapter-2.xhtml")).toContain("Marin&apos;s words");
    // Issue 30: the public download names its series too.
    expect(files.get("OEBPS/content.opf")).toContain(
      '<meta property="belongs-to-collection" id="series-1">Salt Road</meta>',
    );
    expect((await get(`/s/${story.id}-old-slug/download.epub`)).headers.location).toBe(path);
    expect((await get(path, { "if-none-match": String(first.headers.etag) })).statusCode).toBe(304);
    const edit = await send(
      ctx().app,
      "PATCH",
      `/api/stories/${story.id}`,
      { content: `${CONTENT}<p>An epilogue.</p>` },
      { cookie },
    );
    expect(edit.statusCode).toBe(200);
    const second = await get(path);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect((await entries(second.rawPayload)).get("OEBPS/chapter-3.xhtml")).toContain("An epilogue.");

    const draft = await book();
    expect((await get(`${publicStoryPath(draft.story.id, draft.story.title)}/download.epub`)).statusCode).toBe(404);
    const mature = await book({
      published: true,
      publishedAt: new Date(),
      contentRating: "explicit",
      rating: "mature",
    });
    expect((await get(`${publicStoryPath(mature.story.id, mature.story.title)}/download.epub`)).statusCode).toBe(404);
  });
});
