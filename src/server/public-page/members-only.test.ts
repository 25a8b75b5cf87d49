// Issue 29 section 4: members-only works. Visitors get a short 'Sign in to read' page (200, noindex, none of the
// text) on the work's page, chapter pages and EPUB, and do not find it in feeds, the sitemap or signed-out lists;
// signed-in readers read it as usual. Plus /sitemap.xml: an index of pages of at most 50,000 URLs.
import { expect, it } from "vitest";
import { publicChapterPath, storyEpubPath, storyFeedPath } from "../../shared/chapters";
import { authorPath, publicStoryPath } from "../../shared/routes";
import { tagPath } from "../../shared/tagging";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { escapeXml } from "../html/escape";
import { buildSitemapIndex, buildSitemapPage } from "./sitemap";

const TEXT = "The lighthouse keeper counted gulls until dawn.";
const DESCRIPTION = "A quiet harbour secret.";
const TWO_CHAPTERS = `<section class="chapter"><h2>One</h2><p>${TEXT}</p></section><section class="chapter"><h2>Two</h2><p>Morning came grey.</p></section>`;

describeEachDb("members-only works", (ctx) => {
  const db = () => ctx().database.db;
  const get = (url: string, cookie?: string) => send(ctx().app, "GET", url, undefined, cookie ? { cookie } : {});

  async function writerWith(username: string) {
    const session = await createVerifiedUserWithSession(db(), { username }, ctx().clock.now());
    const publish = async (title: string, extra: Record<string, unknown> = {}, content = TWO_CHAPTERS) => {
      const story = await createStory(db(), { authorId: session.user.id, title, content });
      const res = await send(
        ctx().app,
        "POST",
        `/api/stories/${story.id}/publish`,
        { title, description: DESCRIPTION, freeformTags: ["Harbour Secrets"], ...extra },
        { cookie: session.cookie },
      );
      expect(res.statusCode, res.body).toBe(200);
      return { id: story.id, title, view: res.json() };
    };
    return { session, publish };
  }

  it("stores the audience, answers it in the owner's view, and refuses another value naming the field", async () => {
    const { session, publish } = await writerWith("audiencewriter");
    const work = await publish("Members Lantern", { audience: "members" });
    expect(work.view.audience ?? work.view.story?.audience).toBe("members");
    const bad = await send(
      ctx().app,
      "PATCH",
      `/api/stories/${work.id}`,
      { audience: "friends" },
      { cookie: session.cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("audience must be everyone or members");
    const own = await get(`/api/stories/${work.id}`, session.cookie);
    expect(own.json().audience).toBe("members");
  });

  it("shows visitors a sign-in page on the work's page, chapter pages and download; members read it", async () => {
    const { publish } = await writerWith("gatewriter");
    const reader = await createVerifiedUserWithSession(db(), { username: "gatereader" }, ctx().clock.now());
    const work = await publish("Gated Harbour", { audience: "members" });
    const page = encodeURI(publicStoryPath(work.id, work.title));
    const paths = [
      page,
      encodeURI(publicChapterPath(work.id, work.title, 2)),
      encodeURI(storyEpubPath(work.id, work.title)),
    ];
    for (const path of paths) {
      const visitor = await get(path);
      expect(visitor.statusCode, path).toBe(200);
      expect(visitor.headers["content-type"]).toMatch(/^text\/html/);
      expect(visitor.body).toContain("Sign in to read");
      expect(visitor.body).toContain("Gated Harbour");
      expect(visitor.body).toContain("gatewriter");
      expect(visitor.body).toContain(`href="/auth?next=${encodeURIComponent(page)}"`);
      expect(visitor.body).toContain('<meta name="robots" content="noindex, noai, noimageai">');
      expect(visitor.headers["x-robots-tag"]).toBe("noindex, noai, noimageai");
      expect(visitor.headers.vary).toContain("Cookie");
      expect(visitor.body).not.toContain(TEXT);
      expect(visitor.body).not.toContain("Morning came grey");
      expect(visitor.body).not.toContain(DESCRIPTION);
      // A member gets the work itself.
      const member = await get(path, reader.cookie);
      expect(member.statusCode, path).toBe(200);
      expect(member.body).not.toContain("Sign in to read");
    }
    expect((await get(page, reader.cookie)).body).toContain(TEXT);
    const book = await get(paths[2]!, reader.cookie);
    expect(book.headers["content-type"]).toBe("application/epub+zip");
    expect(book.headers["cache-control"]).toBe("private, no-store");
    // The reader's API: a visitor is told it does not exist (as for any work they may not read); a member reads it.
    expect((await get(`/api/stories/${work.id}/read`)).statusCode).toBe(404);
    expect((await get(`/api/stories/${work.id}/read`, reader.cookie)).json().content).toContain(TEXT);
    // Comments and the public page's forms follow the same rule.
    expect((await get(`/api/stories/${work.id}/comments`)).statusCode).toBe(404);
  });

  it("keeps a cached visitor's gate and a member's page apart, and a switch to everyone opens it at once", async () => {
    const { session, publish } = await writerWith("switchwriter");
    const reader = await createVerifiedUserWithSession(db(), { username: "switchreader" }, ctx().clock.now());
    const work = await publish("Switch Harbour", { audience: "members" });
    const page = encodeURI(publicStoryPath(work.id, work.title));
    expect((await get(page)).body).toContain("Sign in to read");
    expect((await get(page, reader.cookie)).body).toContain(TEXT);
    expect((await get(page)).body).not.toContain(TEXT);
    // Read once by a member first (the cache now holds the work): a visitor still gets the gate.
    expect((await get(`/api/stories/${work.id}/read`, reader.cookie)).statusCode).toBe(200);
    expect((await get(`/api/stories/${work.id}/read`)).statusCode).toBe(404);
    const open = await send(
      ctx().app,
      "PATCH",
      `/api/stories/${work.id}`,
      { audience: "everyone" },
      { cookie: session.cookie },
    );
    expect(open.statusCode, open.body).toBe(200);
    expect((await get(page)).body).toContain(TEXT);
    expect((await get(`/api/stories/${work.id}/read`)).statusCode).toBe(200);
  });

  it("leaves it out of feeds, signed-out Discover, tag and author pages; lists it for signed-in readers", async () => {
    const { publish } = await writerWith("listwriter");
    const reader = await createVerifiedUserWithSession(db(), { username: "listreader" }, ctx().clock.now());
    const open = await publish("Open Quay");
    const members = await publish("Members Quay", { audience: "members" });
    const titles = (res: { json(): unknown }) => (res.json() as { title: string }[]).map((s) => s.title);
    // Signed in first, so a shared cache entry would leak to the visitor after it.
    const signedIn = await get("/api/published-stories?limit=50&sort=new", reader.cookie);
    expect(titles(signedIn)).toEqual(expect.arrayContaining(["Open Quay", "Members Quay"]));
    const visitor = await get("/api/published-stories?limit=50&sort=new");
    expect(titles(visitor)).toContain("Open Quay");
    expect(titles(visitor)).not.toContain("Members Quay");
    const search = await get("/api/published-stories?q=Quay&sort=relevance");
    expect(titles(search)).not.toContain("Members Quay");
    expect((await get(encodeURI(storyFeedPath(members.id, members.title)))).statusCode).toBe(404);
    expect((await get(encodeURI(storyFeedPath(open.id, open.title)))).statusCode).toBe(200);
    const authorFeed = await get(`${encodeURI(authorPath("listwriter"))}/feed.atom`);
    expect(authorFeed.body).toContain("Open Quay");
    expect(authorFeed.body).not.toContain("Members Quay");
    for (const cookie of [undefined, reader.cookie]) {
      const author = await get(encodeURI(authorPath("listwriter")), cookie);
      expect(author.body).toContain("Open Quay");
      expect(author.body).not.toContain("Members Quay");
      expect(author.body).toContain("1 published story");
      const tag = await get(tagPath("Harbour Secrets"), cookie);
      expect(tag.body).toContain("Open Quay");
      expect(tag.body).not.toContain("Members Quay");
    }
  });

  it("lists public works, their chapters, authors and tags in the sitemap, and nothing members-only or mature", async () => {
    const { publish } = await writerWith("mapwriter");
    const open = await publish("Map's Quay");
    const members = await publish("Hidden Map", { audience: "members" });
    const mature = await publish("Mature Map", { contentRating: "explicit" });
    const index = await get("/sitemap.xml");
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toMatch(/^application\/xml/);
    expect(index.body).toContain("<sitemapindex");
    expect(index.body).toContain("<loc>http://localhost:3000/sitemaps/works-1.xml</loc>");
    const works = await get("/sitemaps/works-1.xml");
    expect(works.statusCode).toBe(200);
    const open1 = `http://localhost:3000${encodeURI(publicStoryPath(open.id, open.title))}`;
    expect(works.body).toContain(`<loc>${escapeXml(open1)}</loc>`);
    expect(works.body).toContain(encodeURI(publicChapterPath(open.id, open.title, 2)));
    expect(works.body).not.toContain(`/s/${members.id}-`);
    expect(works.body).not.toContain(`/s/${mature.id}-`);
    expect(works.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    expect((await get("/sitemaps/authors-1.xml")).body).toContain("/u/mapwriter");
    expect((await get("/sitemaps/tags-1.xml")).body).toContain(tagPath("Harbour Secrets"));
    expect((await get("/sitemaps/works-999.xml")).statusCode).toBe(404);
    expect((await get("/sitemaps/pages-1.xml")).statusCode).toBe(404);
  });

  it("splits the sitemap into pages by id range, each within its size", async () => {
    const { publish } = await writerWith("splitwriter");
    const made = [];
    for (const title of ["Split One", "Split Two", "Split Three"]) made.push(await publish(title));
    const sizes = { worksPerPage: 2, chaptersPerWork: 1, authorsPerPage: 2, tagsPerPage: 1 };
    const index = await buildSitemapIndex(db(), "http://x.test", sizes);
    const pages = [...index.matchAll(/sitemaps\/works-(\d+)\.xml/g)].map((m) => Number(m[1]));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    let found = 0;
    for (const page of pages) {
      const xml = (await buildSitemapPage(db(), "http://x.test", "works", page, sizes)) ?? "";
      const urls = xml.match(/<url>/g)?.length ?? 0;
      // Two works a page, each its page and one chapter.
      expect(urls).toBeLessThanOrEqual(4);
      found += made.filter((m) => xml.includes(`/s/${m.id}-`) && !xml.includes(`/s/${m.id}0`)).length;
    }
    expect(found).toBe(3);
    expect(await buildSitemapPage(db(), "http://x.test", "works", pages.length + 1, sizes)).toBeUndefined();
  });
});
