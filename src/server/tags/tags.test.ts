// Issue 17 section 4 through the real app: tagging on publish and the details save (canonical spellings, bad
// input), Discover's include/exclude/rating/status/words filters and sorts, the /t/ page, autocomplete, and the
// Mature/Explicit gate on every endpoint that shows stories.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { storyTagKeys, TAG_MESSAGES } from "../../shared/tagging";
import { stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

const unique = () => randomBytes(3).toString("hex");

describeEachDb("tags: tagging, filters, tag pages and rating gates", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PATCH", url: string, body?: unknown, cookie?: string) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});
  const author = (premium = false) =>
    createVerifiedUserWithSession(db(), { username: `t${unique()}`, isPremium: premium }, ctx().clock.now());

  /** A draft of a new author's, published through the API with `body`'s tagging. */
  async function publish(body: Record<string, unknown>, who?: Awaited<ReturnType<typeof author>>) {
    const writer = who ?? (await author());
    const story = await createStory(db(), { authorId: writer.user.id, content: "<p>Words here.</p>" });
    ctx().clock.advance(1_000);
    const res = await call(
      "POST",
      `/api/stories/${story.id}/publish`,
      { title: "A tale", description: "Told.", ...body },
      writer.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return { ...writer, id: story.id as number, answer: res.json() };
  }
  const ids = (res: { json(): { id: number }[] }) => res.json().map((s) => s.id);

  it("publish stores rating, warnings, status and free-form tags under one spelling each; every view returns them", async () => {
    const ship = `Ilsa Varn/Pip Marlow ${unique()}`;
    const first = await publish({
      rating: "teen",
      warnings: ["Major character death"],
      status: "complete",
      tags: ["Fantasy"],
      relationships: [ship],
      characters: ["  Pip   Marlow "],
      freeformTags: ["found family", "Found Family", "romance"],
    });
    expect(first.answer).toMatchObject({
      rating: "general",
      contentRating: "teen",
      warnings: ["Major character death"],
      status: "complete",
      relationships: [ship],
      characterTags: ["Pip Marlow"],
      // Repeats (any case) are one tag; a catalogue name takes the catalogue's spelling.
      freeformTags: [expect.stringMatching(/^found family$/i), "Romance"],
    });
    const familySpelling = first.answer.freeformTags[0];
    // Another author's spelling of the same tags links to the first spelling.
    const second = await publish({ relationships: [ship.toUpperCase()], freeformTags: ["FOUND FAMILY"] });
    expect(second.answer.relationships).toEqual([ship]);
    expect(second.answer.freeformTags).toEqual([familySpelling]);
    expect(second.answer).toMatchObject({ contentRating: "not-rated", status: "in-progress", warnings: [] });

    const read = (await call("GET", `/api/stories/${first.id}/read`)).json();
    expect(read).toMatchObject({ contentRating: "teen", status: "complete", relationships: [ship], tags: ["Fantasy"] });
    const listed = (await call("GET", `/api/published-stories?limit=50&tag=${encodeURIComponent(ship)}`)).json();
    expect(listed.map((s: { id: number }) => s.id).sort()).toEqual([first.id, second.id].sort());
    expect(listed.find((s: { id: number }) => s.id === first.id)).toMatchObject({
      contentRating: "teen",
      warnings: ["Major character death"],
      status: "complete",
      wordCount: 2,
      relationships: [ship],
      characterTags: ["Pip Marlow"],
      moreTags: 0,
    });

    // The details save (PATCH) takes characterTags (its `characters` is the Main Characters text).
    const patched = await call(
      "PATCH",
      `/api/stories/${first.id}`,
      { characters: "A lighthouse keeper.", characterTags: ["Ilsa Varn"], status: "in-progress", rating: "general" },
      first.cookie,
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      characters: { description: "A lighthouse keeper." },
      characterTags: ["Ilsa Varn"],
      relationships: [ship],
      status: "in-progress",
      contentRating: "general",
    });
  });

  it.each([
    [{ freeformTags: ["bad\u0007tag"] }, TAG_MESSAGES.control],
    [{ relationships: ["   "] }, TAG_MESSAGES.blank],
    [{ characters: ["x".repeat(101)] }, TAG_MESSAGES.long],
    [{ freeformTags: Array.from({ length: 31 }, (_, i) => `t${i}`) }, TAG_MESSAGES.many],
    // Thirty in all, not per list.
    [
      {
        relationships: Array.from({ length: 16 }, (_, i) => `r${i}`),
        freeformTags: Array.from({ length: 15 }, (_, i) => `f${i}`),
      },
      TAG_MESSAGES.many,
    ],
    [{ warnings: ["No archive warnings apply", "Major character death"] }, TAG_MESSAGES.noWarnings],
    [{ warnings: ["Spiders"] }, null],
    [{ rating: "adult" }, null],
    [{ status: "abandoned" }, null],
  ])("publish with %j → 400 naming the rule, nothing written", async (body, message) => {
    const writer = await author();
    const story = await createStory(db(), { authorId: writer.user.id });
    const res = await call(
      "POST",
      `/api/stories/${story.id}/publish`,
      { title: "T", description: "D", ...body },
      writer.cookie,
    );
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    const [row] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect(row).toMatchObject({ published: false, contentRating: "not-rated", warnings: [], status: "in-progress" });
  });

  it("the details save counts the lists it keeps: 30 free-form tags in all", async () => {
    const full = await publish({ freeformTags: Array.from({ length: 30 }, (_, i) => `k${i}`) });
    const res = await call("PATCH", `/api/stories/${full.id}`, { characterTags: ["One more"] }, full.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TAG_MESSAGES.many);
  });

  it("stories.tag_keys follows every write of tags and warnings (the one column the filters read)", async () => {
    const keysOf = async (id: number) =>
      (await db().select({ k: stories.tagKeys }).from(stories).where(eq(stories.id, id)))[0]!.k;
    const tale = await publish({
      tags: ["Fantasy", "Horror"],
      warnings: ["Major character death"],
      relationships: ["Ilsa/Pip"],
      freeformTags: ["Found Family"],
    });
    expect(await keysOf(tale.id)).toEqual(
      storyTagKeys(["Fantasy", "Horror"], ["ilsa/pip", "found family"], ["Major character death"]),
    );
    // The details save replaces one list and keeps the others; a warnings change alone is seen too.
    expect((await call("PATCH", `/api/stories/${tale.id}`, { tags: ["Comedy"] }, tale.cookie)).statusCode).toBe(200);
    expect(await keysOf(tale.id)).toEqual(
      storyTagKeys(["Comedy"], ["ilsa/pip", "found family"], ["Major character death"]),
    );
    await db().update(stories).set({ warnings: [] }).where(eq(stories.id, tale.id));
    expect(await keysOf(tale.id)).toEqual(storyTagKeys(["Comedy"], ["ilsa/pip", "found family"], []));
    const res = await call("PATCH", `/api/stories/${tale.id}`, { relationships: [], freeformTags: [] }, tale.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await keysOf(tale.id)).toEqual(["comedy"]);
    // A hand-written value is put right from the tables.
    await db()
      .update(stories)
      .set({ tagKeys: ["forged"] })
      .where(eq(stories.id, tale.id));
    expect(await keysOf(tale.id)).toEqual(["comedy"]);
  });

  it("Discover filters: include (all), exclude (any, catalogue or free-form, any case), rating, status, words; sorts page through", async () => {
    const mark = `mark-${unique()}`;
    const dark = `Dark ${unique()}`;
    const a = await publish({ freeformTags: [mark], status: "complete", rating: "general" });
    const b = await publish({ freeformTags: [mark, dark], tags: ["Horror"] });
    const c = await publish({ freeformTags: [mark], tags: ["Horror"], rating: "teen" });
    await db().update(stories).set({ wordCount: 5000, likeCount: 9, bookmarkCount: 1 }).where(eq(stories.id, c.id));
    await db().update(stories).set({ wordCount: 50, likeCount: 1, bookmarkCount: 7 }).where(eq(stories.id, a.id));
    ctx().app.readCache.invalidateDiscover();
    const list = async (query: string) => {
      const res = await call("GET", `/api/published-stories?limit=50&tag=${mark}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res);
    };
    expect((await list("")).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(await list(`exclude=${encodeURIComponent(dark.toLowerCase())}`)).not.toContain(b.id);
    expect((await list("exclude=horror")).sort()).toEqual([a.id]);
    expect(await list(`exclude=HORROR&exclude=${encodeURIComponent(dark)}`)).toEqual([a.id]);
    expect(await list(`tag=Horror&tag=${encodeURIComponent(dark)}`)).toEqual([b.id]);
    expect(await list("rating=teen&rating=general")).toEqual(expect.arrayContaining([a.id, c.id]));
    expect(await list("rating=teen")).toEqual([c.id]);
    expect(await list("status=complete")).toEqual([a.id]);
    expect(await list("minWords=40&maxWords=100")).toEqual([a.id]);
    expect(await list("sort=likes")).toEqual([c.id, a.id, b.id]);
    expect(await list("sort=bookmarks")).toEqual([a.id, c.id, b.id]);
    expect(await list("sort=words")).toEqual([c.id, a.id, b.id]);
    expect(await list("sort=updated")).toEqual([c.id, b.id, a.id]);
    // A cursor walk with an exclusion never meets an excluded story.
    for (const sort of ["new", "updated", "likes", "bookmarks", "words", "featured"]) {
      const seen: number[] = [];
      let cursor = "";
      do {
        const res = await call(
          "GET",
          `/api/published-stories?limit=1&sort=${sort}&tag=${mark}&exclude=Horror${cursor}`,
        );
        seen.push(...ids(res));
        const next = res.headers["x-next-cursor"];
        cursor = typeof next === "string" ? `&cursor=${next}` : "";
      } while (cursor);
      expect(seen, sort).toEqual([a.id]);
    }
    const bad = await call("GET", "/api/published-stories?minWords=10&maxWords=5");
    expect(bad.statusCode).toBe(400);
    expect((await call("GET", `/api/published-stories?tag=${"x".repeat(101)}`)).json().message).toBe(TAG_MESSAGES.long);
    expect((await call("GET", "/api/published-stories?exclude=%01")).json().message).toBe(TAG_MESSAGES.control);
  });

  it("Mature and Explicit (and the nsfw rule) are gated on every endpoint; Teen and Not Rated are not", async () => {
    const secret = `secret ${unique()}`;
    const open = `open ${unique()}`;
    const explicit = await publish({ rating: "explicit", freeformTags: [secret, open] });
    const mature = await publish({ rating: "mature", freeformTags: [open] }, explicit);
    const ruled = await publish(
      { rating: "general", description: "For adult readers.", freeformTags: [open] },
      explicit,
    );
    const teen = await publish({ rating: "teen", freeformTags: [open] }, explicit);
    const gated = [explicit.id, mature.id, ruled.id];
    for (const id of gated) {
      const [row] = await db().select({ rating: stories.rating }).from(stories).where(eq(stories.id, id));
      expect(row!.rating).toBe("mature");
    }
    const free = await author();
    const plus = await author(true);
    const q = `limit=50&tag=${encodeURIComponent(open)}`;
    for (const viewer of [undefined, free.cookie]) {
      for (const id of gated)
        expect((await call("GET", `/api/stories/${id}/read`, undefined, viewer)).statusCode).toBe(404);
      for (const extra of ["", "&nsfw=1"]) {
        expect(ids(await call("GET", `/api/published-stories?${q}${extra}`, undefined, viewer))).toEqual([teen.id]);
      }
      const asked = await call(
        "GET",
        `/api/published-stories?${q}&nsfw=1&rating=explicit&rating=mature`,
        undefined,
        viewer,
      );
      expect(ids(asked)).toEqual([]);
      expect(await (await call("GET", `/api/tags?q=secret`, undefined, viewer)).json()).not.toContain(secret);
    }
    // Public pages never list them: the story pages, the author page and the tag pages.
    for (const id of gated) expect((await call("GET", `/s/${id}-a-tale`)).statusCode).toBe(404);
    const authorPage = (await call("GET", `/u/${explicit.user.username}`)).body;
    for (const id of gated) expect(authorPage).not.toContain(`/s/${id}-`);
    const tagPage = await call("GET", `/t/${encodeURIComponent(open)}`);
    expect(tagPage.statusCode).toBe(200);
    expect(tagPage.body).toContain(`/s/${teen.id}-`);
    for (const id of gated) expect(tagPage.body).not.toContain(`/s/${id}-`);
    // A premium reader who asks sees them, and their tags.
    const all = ids(await call("GET", `/api/published-stories?${q}&nsfw=1`, undefined, plus.cookie));
    expect(all.sort()).toEqual([...gated, teen.id].sort());
    expect(
      ids(await call("GET", `/api/published-stories?${q}&nsfw=1&rating=explicit`, undefined, plus.cookie)),
    ).toEqual([explicit.id]);
    expect((await call("GET", `/api/stories/${explicit.id}/read`, undefined, plus.cookie)).json().contentRating).toBe(
      "explicit",
    );
    expect(await (await call("GET", `/api/tags?q=secret`, undefined, plus.cookie)).json()).toContain(secret);
  });

  it("/t/{tag}: the works carrying it, any case redirected to its spelling, a ship's slash kept, updated on publish", async () => {
    const ship = `Ilsa/Pip ${unique()}`;
    const one = await publish({ relationships: [ship], warnings: ["Graphic depictions of violence"] });
    const page = await call("GET", `/t/${encodeURIComponent(ship)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).not.toContain("<script");
    expect(page.body).toContain(`<h1>${ship}</h1>`);
    expect(page.body).toContain(`/s/${one.id}-`);
    const lower = await call("GET", `/t/${encodeURIComponent(ship.toLowerCase())}`);
    expect(lower.statusCode).toBe(301);
    expect(lower.headers.location).toBe(`/t/${encodeURIComponent(ship)}`);
    expect((await call("GET", `/t/nobody-${unique()}`)).statusCode).toBe(404);
    // Cached, and dropped when another story with the tag is published.
    const two = await publish({ relationships: [ship] });
    expect((await call("GET", `/t/${encodeURIComponent(ship)}`)).body).toContain(`/s/${two.id}-`);
    // The story's own public page shows the tagging before the text, each tag linking to its page.
    const story = (await call("GET", `/s/${one.id}-a-tale`)).body;
    const block = story.indexOf('class="tagging"');
    expect(block).toBeGreaterThan(0);
    expect(block).toBeLessThan(story.indexOf('class="prose"'));
    expect(story).toContain(`<a href="/t/${encodeURIComponent(ship).replace(/'/g, "&#39;")}" rel="tag">${ship}</a>`);
    expect(story).toContain("<li>Graphic depictions of violence</li>");
    // Autocomplete: by prefix, any case, one spelling; the catalogue first; `kind` narrows.
    const suggested = await (
      await call("GET", `/api/tags?q=${encodeURIComponent(ship.slice(0, 6).toUpperCase())}`)
    ).json();
    expect(suggested).toEqual([ship]);
    expect(await (await call("GET", "/api/tags?q=rom")).json()).toContain("Romance");
    expect(await (await call("GET", `/api/tags?q=ilsa&kind=character`)).json()).not.toContain(ship);
  });

  it("a warning filters as a tag does (Discover and /t/), and the public page names the story's fandoms", async () => {
    const word = `vale${unique()}`;
    const writer = await author();
    const story = await createStory(db(), {
      authorId: writer.user.id,
      content: "<p>Words here.</p>",
      fandoms: ["Stardew Valley"],
    });
    const res = await call(
      "POST",
      `/api/stories/${story.id}/publish`,
      { title: `Harvest ${word}`, description: "Told.", warnings: ["Major character death"] },
      writer.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const calm = await publish({ title: `Calm ${word}` });
    const found = (query: string) => call("GET", `/api/published-stories?q=${word}&${query}`).then(ids);
    expect(await found(`tag=${encodeURIComponent("major CHARACTER death")}`)).toEqual([story.id]);
    expect(await found(`exclude=${encodeURIComponent("Major character death")}`)).toEqual([calm.id]);
    const page = await call("GET", `/t/${encodeURIComponent("Major character death")}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/s/${story.id}-`);
    const html = (await call("GET", `/s/${story.id}-harvest-${word}`)).body;
    expect(html).toContain('<dt>Fandoms</dt><dd><ul class="meta"><li>Stardew Valley</li></ul></dd>');
  });
});
