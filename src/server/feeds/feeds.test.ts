// Issue 17 section 2: the Atom feeds, validated with jing (Debian's RELAX NG validator) against testdata/atom.rnc,
// plus what no grammar says: ids unique and stable, times in order, escaping, 404s, the links from the pages.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import { expect, it } from "vitest";
import { authorPath, publicStoryPath } from "../../shared/routes";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession } from "../test/factories";

const SCHEMA = join(import.meta.dirname, "testdata", "atom.rnc");
const HOUR = 3_600_000;

/** Runs jing on the documents; throws its report when one is not valid Atom. */
function validateAtom(documents: string[]): void {
  const dir = mkdtempSync(join(tmpdir(), "ficforge-atom-"));
  const files = documents.map((xml, i) => {
    const file = join(dir, `feed-${i}.xml`);
    writeFileSync(file, xml);
    return file;
  });
  try {
    execFileSync("jing", ["-c", SCHEMA, ...files], { stdio: "pipe" });
  } catch (error) {
    const { stdout, code } = error as { stdout?: Buffer; code?: string };
    if (code === "ENOENT") throw new Error("jing is missing: apt-get install jing (.ci/run installs it)");
    throw new Error(`not valid Atom:\n${stdout?.toString()}`);
  }
}

type Element = Parameters<typeof DomUtils.getAttributeValue>[0];

/** The feed's root element (jing has already checked it is well-formed and valid; this reads it back). */
function parseFeed(xml: string): Element {
  const root = parseDocument(xml, { xmlMode: true }).children.find(DomUtils.isTag);
  if (root?.name !== "feed") throw new Error("no feed element");
  return root;
}

const kids = (el: Element, name: string) => el.children.filter(DomUtils.isTag).filter((n) => n.name === name);
const kid = (el: Element, name: string) => kids(el, name)[0]!;
const text = (el: Element, name: string) => DomUtils.textContent(kid(el, name));
/** The text of `name` in each entry, in order. */
const ofEntries = (feed: Element, name: string) => kids(feed, "entry").map((entry) => text(entry, name));

describeEachDb("atom feeds", (ctx) => {
  const db = () => ctx().database.db;
  const get = (url: string) => send(ctx().app, "GET", url);

  async function writer(username: string) {
    const session = await createVerifiedUserWithSession(db(), { username }, ctx().clock.now());
    const call = (method: "PATCH" | "POST", url: string, body?: unknown) =>
      send(ctx().app, method, url, body, { cookie: session.cookie });
    async function publishStory(title: string, content: string, description = "A tale.") {
      const story = await createStory(db(), { authorId: session.user.id, title, content });
      const res = await call("POST", `/api/stories/${story.id}/publish`, { title, description });
      expect(res.statusCode, res.body).toBe(200);
      return story;
    }
    return { ...session, call, publishStory };
  }

  it("a story's chapters, newest first, valid Atom with stable tag: ids, escaped, linked from its page", async () => {
    const w = await writer(`feeder${Math.floor(Math.random() * 1e6)}`);
    const title = "Ash, Bone's Tale";
    const story = await w.publishStory(
      title,
      "<h2>Chapter 1: Smoke & <em>mirrors</em></h2><p>It began.</p>",
      "Fire\u0001 & ice",
    );
    ctx().clock.advance(HOUR);
    const two = "<h2>Chapter 2</h2><p>It went on, </p><p>and on.</p>";
    expect(
      (
        await w.call("PATCH", `/api/stories/${story.id}`, {
          content: `<h2>Chapter 1: Smoke & <em>mirrors</em></h2><p>It began.</p>${two}`,
        })
      ).statusCode,
    ).toBe(200);
    const path = `${publicStoryPath(story.id, title)}/feed.atom`;
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    validateAtom([res.body]);
    const feed = parseFeed(res.body);
    expect(feed.attribs.xmlns).toBe("http://www.w3.org/2005/Atom");
    expect(text(feed, "title")).toBe(title);
    expect(text(feed, "subtitle")).toBe("Fire & ice");
    expect(ofEntries(feed, "title")).toEqual(["Chapter 2", "Chapter 1: Smoke & mirrors"]);
    expect(ofEntries(feed, "summary")).toEqual(["It went on, and on.", "It began."]);
    const ids = [text(feed, "id"), ...ofEntries(feed, "id")];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^tag:localhost,\d{4}-\d{2}-\d{2}:story\/\d+\/chapter(s|\/\d)$/);
    const updated = ofEntries(feed, "updated");
    expect(text(feed, "updated")).toBe(updated[0]);
    expect(new Date(updated[0]!).getTime() - new Date(updated[1]!).getTime()).toBe(HOUR);
    expect(kids(feed, "link").find((l) => l.attribs.rel === "self")?.attribs.href).toBe(
      `http://localhost:3000${encodeURI(path)}`,
    );
    expect(kid(kid(feed, "entry"), "link").attribs.href).toBe(
      `http://localhost:3000${encodeURI(publicStoryPath(story.id, title))}/2`,
    );
    // Linked from the story's page and its chapter pages; a wrong slug moves; ids survive a rename.
    const page = (await get(publicStoryPath(story.id, title))).body;
    expect(page).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Ash, Bone&#39;s Tale: chapters" href="${encodeURI(path)}">`,
    );
    const moved = await get(`/s/${story.id}-old-title/feed.atom`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(encodeURI(path));
    await w.call("POST", `/api/stories/${story.id}/publish`, { title: "Renamed", description: "D" });
    const renamed = parseFeed((await get(`${publicStoryPath(story.id, "Renamed")}/feed.atom`)).body);
    expect([text(renamed, "id"), ...ofEntries(renamed, "id")]).toEqual(ids);
  });

  it("an author's published, non-mature works, newest first, valid Atom; 404 for mature, unpublished and nobody", async () => {
    const name = `auth${Math.floor(Math.random() * 1e6)}`;
    const w = await writer(name);
    const empty = await get(`/u/${name}/feed.atom`);
    expect(empty.statusCode).toBe(200);
    const older = await w.publishStory("Older", "<p>One.</p>");
    ctx().clock.advance(HOUR);
    await w.publishStory("Newer", "<h2>Chapter 1</h2><p>Two.</p>", "Second & <best>");
    ctx().clock.advance(HOUR);
    const mature = await w.publishStory("Grim", "<p>Three.</p>");
    await w.call("PATCH", `/api/stories/${mature.id}`, { markedMature: true });
    const draft = await createStory(db(), { authorId: w.user.id, title: "Draft", content: "<p>Four.</p>" });
    ctx().clock.advance(HOUR);
    // A new chapter of the older work moves its entry's updated, not its place (newest published first).
    await w.call("PATCH", `/api/stories/${older.id}`, { content: "<p>One.</p><h2>Chapter 2</h2><p>More.</p>" });
    const res = await get(`/u/${name.toUpperCase()}/feed.atom`);
    expect(res.statusCode).toBe(301);
    const feedRes = await get(`/u/${name}/feed.atom`);
    expect(feedRes.statusCode).toBe(200);
    expect(feedRes.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    validateAtom([empty.body, feedRes.body]);
    const feed = parseFeed(feedRes.body);
    expect(ofEntries(feed, "title")).toEqual(["Newer", "Older"]);
    expect(ofEntries(feed, "summary")).toEqual(["Second & <best>", "A tale."]);
    const [newer, old] = kids(feed, "entry");
    expect(text(old!, "updated")).toBe(ctx().clock.now().toISOString());
    expect(text(feed, "updated")).toBe(ctx().clock.now().toISOString());
    expect(text(newer!, "published")).toBe(text(newer!, "updated"));
    expect(feedRes.body).not.toContain("Grim");
    expect(feedRes.body).not.toContain(`story/${draft.id}`);
    const authorPage = (await get(authorPath(name))).body;
    expect(authorPage).toContain(
      `<link rel="alternate" type="application/atom+xml" title="${name} on FicForge" href="/u/${name}/feed.atom">`,
    );
    expect((await get(`${publicStoryPath(mature.id, "Grim")}/feed.atom`)).statusCode).toBe(404);
    expect((await get(`${publicStoryPath(draft.id, "Draft")}/feed.atom`)).statusCode).toBe(404);
    expect((await get("/u/nobody-here-1/feed.atom")).statusCode).toBe(404);
    // A user made after the miss gets a feed: a miss is not kept.
    await createUser(db(), { username: "latecomer" });
    expect((await get("/u/latecomer/feed.atom")).statusCode).toBe(200);
  });
});
