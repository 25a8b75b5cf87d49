// Issue 29 on the server's pages: the AI badge ('AI-assisted 34%', 'AI-generated', nothing for human-written work)
// on tag, author, story and chapter pages, the Atom category and the EPUB's label, and the AI filter on tag and
// author pages (from the URL or a signed-in reader's preference) with its "hidden by your AI filter" line.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { publicStoryPath } from "../../shared/routes";
import { stories } from "../db/schema";
import { derivedStoryColumns } from "../stories/story-rating";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession, type StoryOverrides } from "../test/factories";
import yauzl from "yauzl";

/** One entry of a zip, as text. */
async function zipEntry(bytes: Buffer, name: string): Promise<string> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  return new Promise<string>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName !== name) return zip.readEntry();
      zip.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        const parts: Buffer[] = [];
        stream.on("data", (d: Buffer) => parts.push(d));
        stream.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
      });
    });
    zip.on("end", () => reject(new Error(`${name} not in the zip`)));
    zip.readEntry();
  });
}

const fresh = (prefix: string) => `${prefix}${randomBytes(3).toString("hex")}`;

describeEachDb("AI labels on the server's pages", (ctx) => {
  const db = () => ctx().database.db;
  const get = (url: string, cookie?: string) => send(ctx().app, "GET", url, undefined, cookie ? { cookie } : {});
  const listed = (html: string) => [...html.matchAll(/<h3 id="w(\d+)">/g)].map((m) => Number(m[1]));

  async function published(authorId: number, words: number, aiWords: number, overrides: StoryOverrides = {}) {
    const story = await createStory(db(), {
      authorId,
      published: true,
      publishedAt: ctx().clock.now(),
      content: "<p>Chapter 1: Rain</p><p>Mia ran home.</p><p>Chapter 2: Home</p><p>She slept.</p>",
      wordCount: words,
      aiWordCount: aiWords,
      ...overrides,
    });
    await db().update(stories).set(derivedStoryColumns(story, story.tags)).where(eq(stories.id, story.id));
    ctx().clock.advance(1_000);
    return story;
  }

  /** Human-written, AI-assisted 34%, AI-generated, by one author, carrying one fresh tag. */
  async function threeWorks(tag: string) {
    const author = await createUser(db(), { username: fresh("Au_") });
    const human = await published(author.id, 100, 0, { tags: [tag] });
    const assisted = await published(author.id, 100, 34, { tags: [tag] });
    const generated = await published(author.id, 100, 80, { tags: [tag] });
    return { author, human, assisted, generated };
  }

  it("tag page: badges, the filter from the URL kept on its links, the hidden line, and a 400 for another value", async () => {
    const tag = "Horror";
    const { author, human, assisted, generated } = await threeWorks(tag);
    const all = await get(`/t/${tag}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(listed(all.body)).toEqual([generated.id, assisted.id, human.id]);
    expect(all.body).toContain('<li class="ai-badge">AI-assisted 34%</li>');
    expect(all.body).toContain('<li class="ai-badge">AI-generated</li>');
    expect(all.body.match(/class="ai-badge"/g)).toHaveLength(2);
    expect(all.body).not.toContain("hidden by your AI filter");
    const none = await get(`/t/${tag}?ai=none`);
    expect(listed(none.body)).toEqual([human.id]);
    expect(none.body).toContain(`2 works hidden by your AI filter — <a href="/t/${tag}?ai=any">show</a>`);
    expect(none.body).toContain(`href="/u/${author.username}?ai=none"`);
    const assistedOnly = await get(`/t/${tag}?ai=assisted`);
    expect(listed(assistedOnly.body)).toEqual([assisted.id, human.id]);
    expect(assistedOnly.body).toContain("1 work hidden by your AI filter — ");
    expect(listed((await get(`/t/${tag}?ai=any`)).body)).toEqual([generated.id, assisted.id, human.id]);
    const bad = await get(`/t/${tag}?ai=robots`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ ai: "ai must be one of any, assisted, none" });
  });

  it("author page: the filter from the URL or the preference, kept on 'Older stories', with the hidden line", async () => {
    const tag = "Comedy";
    const { author, human, assisted, generated } = await threeWorks(tag);
    const page = `/u/${author.username}`;
    const all = await get(page);
    expect(listed(all.body)).toEqual([generated.id, assisted.id, human.id]);
    expect(all.body).toContain('<li class="ai-badge">AI-assisted 34%</li>');
    const none = await get(`${page}?ai=none`);
    expect(listed(none.body)).toEqual([human.id]);
    expect(none.body).toContain(`2 works hidden by your AI filter — <a href="${page}?ai=any">show</a>`);
    // The author's count is of every work, whatever the filter.
    expect(none.body).toContain("<li>3 published stories</li>");
    expect((await get(`${page}?ai=sometimes`)).statusCode).toBe(400);
    // A signed-in reader's preference applies where the URL does not say, and never reaches another reader's page.
    const strict = await createVerifiedUserWithSession(db());
    expect(
      (await send(ctx().app, "PUT", "/api/me/reading-preferences", { ai: "none" }, strict.headers)).statusCode,
    ).toBe(200);
    const mine = await get(page, strict.cookie);
    expect(listed(mine.body)).toEqual([human.id]);
    expect(mine.body).toContain("2 works hidden by your AI filter");
    expect(listed((await get(`${page}?ai=any`, strict.cookie)).body)).toEqual([generated.id, assisted.id, human.id]);
    expect(listed((await get(page)).body)).toEqual([generated.id, assisted.id, human.id]);
    const other = await createVerifiedUserWithSession(db());
    expect(listed((await get(page, other.cookie)).body)).toEqual([generated.id, assisted.id, human.id]);
    expect(listed((await get(`/t/${tag}`, strict.cookie)).body)).toEqual([human.id]);
    expect(listed((await get(`/t/${tag}`, other.cookie)).body)).toEqual([generated.id, assisted.id, human.id]);
  });

  it("the author page's 'Older stories' link keeps the filter and counts only its own stretch", async () => {
    const author = await createUser(db(), { username: fresh("Au_") });
    // 51 human-written works, then 2 AI-generated ones between the 50th and 51st newest human-written works.
    const humans: number[] = [];
    humans.push((await published(author.id, 100, 0)).id);
    await published(author.id, 100, 90);
    await published(author.id, 100, 90);
    for (let i = 0; i < 50; i++) humans.push((await published(author.id, 100, 0)).id);
    await published(author.id, 100, 90);
    const first = await get(`/u/${author.username}?ai=none`);
    expect(listed(first.body)).toEqual(humans.slice(1).reverse());
    expect(first.body).toContain("1 work hidden by your AI filter");
    const older = /<a rel="next" href="([^"]+)">Older stories<\/a>/.exec(first.body)?.[1]?.replaceAll("&amp;", "&");
    expect(older).toMatch(/\?before=\d+&ai=none$/);
    const second = await get(older!);
    expect(listed(second.body)).toEqual([humans[0]]);
    expect(second.body).toContain("2 works hidden by your AI filter");
    expect(second.body).toContain(`href="/u/${author.username}?ai=none">Newest stories`);
  });

  it("the story page, its chapter pages, its Atom entries and its EPUB carry the label", async () => {
    const author = await createUser(db(), { username: fresh("Au_") });
    const assisted = await published(author.id, 100, 34, { title: "Salt Road" });
    const human = await published(author.id, 100, 0, { title: "Plain Road" });
    const path = publicStoryPath(assisted.id, "Salt Road");
    expect((await get(path)).body).toContain('<li class="ai-badge">AI-assisted 34%</li>');
    expect((await get(`${path}/2`)).body).toContain('<li class="ai-badge">AI-assisted 34%</li>');
    expect((await get(publicStoryPath(human.id, "Plain Road"))).body).not.toContain("ai-badge");
    const chapters = (await get(`${path}/feed.atom`)).body;
    expect(
      chapters.match(/<category scheme="urn:ficforge:ai" term="assisted" label="AI-assisted 34%"\/>/g),
    ).toHaveLength(2);
    const feed = (await get(`/u/${author.username}/feed.atom`)).body;
    expect(feed).toContain('<category scheme="urn:ficforge:ai" term="assisted" label="AI-assisted 34%"/>');
    expect(feed).toContain('<category scheme="urn:ficforge:ai" term="none" label="Human-written"/>');
    const epub = await get(`${path}/download.epub`);
    expect(epub.statusCode).toBe(200);
    const opf = await zipEntry(epub.rawPayload, "OEBPS/content.opf");
    expect(opf).toContain('<meta property="ficforge:ai-label">assisted</meta>');
  });
});
