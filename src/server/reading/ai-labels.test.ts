// Issue 29: the writer's AI declaration (never below the measurement), the label in every story answer, and the
// readers' AI filter on Discover and the Following feed (from the URL or their preference), with the hidden count.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { HIDDEN_BY_AI_HEADER, NEXT_CURSOR_HEADER } from "../../shared/schemas/reading";
import { recordFingerprint } from "../provenance/provenance";
import { MARIN_TEXT } from "../provenance/provenance-cases";
import { stories } from "../db/schema";
import { derivedStoryColumns } from "../stories/story-rating";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, createVerifiedUserWithSession, type StoryOverrides } from "../test/factories";

let unique = 0;
const freshWord = (prefix: string) => `${prefix}${process.pid}x${++unique}`.replace(/\d/g, (d) => "abcdefghij"[+d]!);

describeEachDb("AI labels, declarations and filters", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "PUT" | "POST" | "PATCH", url: string, cookie?: string, body?: unknown) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});

  /** A published story with measured counts written straight to the row (the measurement is its own module). */
  async function published(words: number, aiWords: number, overrides: StoryOverrides = {}) {
    const story = await createStory(db(), {
      published: true,
      publishedAt: ctx().clock.now(),
      description: "A quiet story.",
      wordCount: words,
      aiWordCount: aiWords,
      ...overrides,
    });
    await db().update(stories).set(derivedStoryColumns(story, story.tags)).where(eq(stories.id, story.id));
    ctx().clock.advance(1_000);
    return story;
  }

  /** One human-written, one AI-assisted (30%), one AI-generated (60%) work, in that order of publication. */
  async function threeWorks(fandom: string, authorId?: number) {
    const by = authorId === undefined ? {} : { authorId };
    const human = await published(100, 0, { fandoms: [fandom], ...by });
    const assisted = await published(100, 30, { fandoms: [fandom], ...by });
    const generated = await published(100, 60, { fandoms: [fandom], ...by });
    return { human, assisted, generated };
  }

  const ids = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: number }[]).map((s) => s.id);
  };

  it("publish and the details save store the declaration; the label is the higher of it and the measurement", async () => {
    const writer = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: writer.user.id, content: "<p>All mine, every word.</p>" });
    const publish = (body: Record<string, unknown>) =>
      call("POST", `/api/stories/${story.id}/publish`, writer.cookie, { title: "T", description: "D", ...body });
    const first = await publish({});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ aiDeclaration: "none", aiLabel: "none", aiShare: 0 });
    const declared = await publish({ aiDeclaration: "assisted" });
    expect(declared.json()).toMatchObject({ aiDeclaration: "assisted", aiLabel: "assisted" });
    const patched = await call("PATCH", `/api/stories/${story.id}`, writer.cookie, { aiDeclaration: "generated" });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ aiDeclaration: "generated", aiLabel: "generated" });
    // Declared down again: nothing was measured, so the writer may.
    const down = await call("PATCH", `/api/stories/${story.id}`, writer.cookie, { aiDeclaration: "none" });
    expect(down.json()).toMatchObject({ aiDeclaration: "none", aiLabel: "none" });
    const read = await call("GET", `/api/stories/${story.id}`, writer.cookie);
    expect(read.json()).toMatchObject({ aiDeclaration: "none", aiLabel: "none" });
  });

  it("refuses a declaration outside its values, and one below what was measured, naming the field", async () => {
    const writer = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: writer.user.id, wordCount: 100, aiWordCount: 30 });
    const bad = await call("PATCH", `/api/stories/${story.id}`, writer.cookie, { aiDeclaration: "some" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ aiDeclaration: "aiDeclaration must be one of none, assisted, generated" });
    const badPublish = await call("POST", `/api/stories/${story.id}/publish`, writer.cookie, {
      title: "T",
      description: "D",
      aiDeclaration: 3,
    });
    expect(badPublish.statusCode).toBe(400);
    expect(Object.keys(badPublish.json().fields)).toEqual(["aiDeclaration"]);
    // 30% measured (written to the row: the measurement is its own module) cannot be declared human-written.
    const below = await call("PATCH", `/api/stories/${story.id}`, writer.cookie, { aiDeclaration: "none" });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      message: "Marin wrote 30% of this work, so it cannot be declared human-written.",
      fields: { aiDeclaration: "Marin wrote 30% of this work, so it cannot be declared human-written." },
    });
    await db().update(stories).set({ aiWordCount: 70 }).where(eq(stories.id, story.id));
    const belowGenerated = await call("PATCH", `/api/stories/${story.id}`, writer.cookie, {
      aiDeclaration: "assisted",
    });
    expect(belowGenerated.statusCode).toBe(400);
    expect(belowGenerated.json().fields.aiDeclaration).toBe(
      "Marin wrote 70% of this work, so it is labelled AI-generated.",
    );
    const [row] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect(row).toMatchObject({ aiDeclaration: "none", aiLabel: "generated" });
    // Declaring more than measured is always allowed.
    const more = await call("PATCH", `/api/stories/${story.id}`, writer.cookie, { aiDeclaration: "generated" });
    expect(more.statusCode, more.body).toBe(200);
  });

  it("checks a publish's declaration against the text it publishes, measured from Marin's fingerprints", async () => {
    const writer = await createVerifiedUserWithSession(db());
    const content = `${MARIN_TEXT.map((p) => `<p>${p}</p>`).join("")}<p>I wrote this closing line myself, plainly.</p>`;
    const story = await createStory(db(), { authorId: writer.user.id, content });
    await recordFingerprint(db(), {
      userId: writer.user.id,
      storyId: story.id,
      kind: "generate",
      text: MARIN_TEXT.join("\n"),
    });
    const refused = await call("POST", `/api/stories/${story.id}/publish`, writer.cookie, {
      title: "T",
      description: "D",
      aiDeclaration: "none",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.aiDeclaration).toMatch(
      /^Marin wrote \d+% of this work, so it is labelled AI-generated\.$/,
    );
    // Refused whole: the story stays a draft.
    const [row] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect(row!.published).toBe(false);
    const ok = await call("POST", `/api/stories/${story.id}/publish`, writer.cookie, { title: "T", description: "D" });
    expect(ok.json()).toMatchObject({ aiDeclaration: "none", aiLabel: "generated" });
    // A details save carrying content is checked against that content: all the writer's own now.
    const own = await call("PATCH", `/api/stories/${story.id}`, writer.cookie, {
      content: "<p>Every word here is the writer's own now.</p>",
      aiDeclaration: "none",
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ aiDeclaration: "none", aiLabel: "none", aiShare: 0 });
  });

  it("every story answer carries aiLabel and aiShare", async () => {
    const fandom = freshWord("Every");
    const writer = await createVerifiedUserWithSession(db());
    const reader = await createVerifiedUserWithSession(db());
    const story = await published(200, 60, { authorId: writer.user.id, fandoms: [fandom] });
    const label = { aiLabel: "assisted", aiShare: 0.3 };
    const discover = await call("GET", `/api/published-stories?fandom=${fandom}`);
    expect(discover.json()[0]).toMatchObject({ id: story.id, ...label });
    const search = await call("GET", `/api/published-stories?q=${fandom}&sort=relevance&fandom=${fandom}`);
    expect(search.json()[0]).toMatchObject({ id: story.id, ...label });
    const forYou = await call("GET", `/api/published-stories?sort=for-you&fandom=${fandom}`, reader.cookie);
    expect(forYou.json()[0]).toMatchObject({ id: story.id, ...label });
    expect((await call("GET", `/api/stories/${story.id}/read`, reader.cookie)).json()).toMatchObject(label);
    expect((await call("GET", `/api/stories/${story.id}`, writer.cookie)).json()).toMatchObject({
      ...label,
      aiDeclaration: "none",
    });
    await call("POST", `/api/stories/${story.id}/bookmark`, reader.cookie);
    expect((await call("GET", "/api/bookmarks", reader.cookie)).json()[0]).toMatchObject({ id: story.id, ...label });
    const progress = { chapter: 1, position: 0.5, overall: 0.5 };
    expect((await call("PUT", `/api/stories/${story.id}/progress`, reader.cookie, progress)).statusCode).toBe(204);
    const history = await call("GET", "/api/reading/history", reader.cookie);
    expect(history.json().items[0]).toMatchObject({ storyId: story.id, ...label });
    const cont = await call("GET", "/api/reading/continue", reader.cookie);
    expect(cont.json().items[0]).toMatchObject({ storyId: story.id, ...label });
    expect((await call("POST", `/api/authors/${writer.user.username}/follow`, reader.cookie)).statusCode).toBe(200);
    const following = await call("GET", "/api/following", reader.cookie);
    expect(following.json().items[0]).toMatchObject({ storyId: story.id, ...label });
  });

  it("filters Discover by ai= on every order, and refuses another value naming ai", async () => {
    const fandom = freshWord("Filter");
    const { human, assisted, generated } = await threeWorks(fandom);
    for (const sort of ["new", "featured", "updated", "likes", "bookmarks", "words", "for-you", "relevance"]) {
      const base = `/api/published-stories?fandom=${fandom}&sort=${sort}${sort === "relevance" ? `&q=${fandom}` : ""}`;
      expect(new Set(ids(await call("GET", base))), sort).toEqual(new Set([human.id, assisted.id, generated.id]));
      expect(ids(await call("GET", `${base}&ai=none`)), sort).toEqual([human.id]);
      expect(new Set(ids(await call("GET", `${base}&ai=assisted`))), sort).toEqual(new Set([human.id, assisted.id]));
      expect(ids(await call("GET", `${base}&ai=any`)).length, sort).toBe(3);
    }
    // Ranked search says how many the filter hid too, over its page's stretch of the ranking.
    const search = `/api/published-stories?fandom=${fandom}&sort=relevance&q=${fandom}`;
    expect((await call("GET", `${search}&ai=none`)).headers[HIDDEN_BY_AI_HEADER]).toBe("2");
    expect((await call("GET", `${search}&ai=assisted`)).headers[HIDDEN_BY_AI_HEADER]).toBe("1");
    const firstOfOne = await call("GET", `${search}&ai=none&limit=1`);
    expect(ids(firstOfOne)).toEqual([human.id]);
    expect((await call("GET", `${search}&ai=any`)).headers[HIDDEN_BY_AI_HEADER]).toBeUndefined();
    // A reader's For You list says, on its first page, how many of their recommendations the filter hid.
    const fan = await createVerifiedUserWithSession(db());
    await createStory(db(), { authorId: fan.user.id, fandoms: [fandom], content: "<p>My own draft.</p>" });
    const forYou = await call("GET", "/api/published-stories?sort=for-you&ai=none&limit=10", fan.cookie);
    expect(ids(forYou)).toContain(human.id);
    expect(forYou.headers[HIDDEN_BY_AI_HEADER]).toBe("2");
    const bad = await call("GET", `/api/published-stories?ai=some`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ ai: "ai must be one of any, assisted, none" });
  });

  it("a signed-in reader's preference applies where the URL does not say, and never leaks into another's page", async () => {
    const fandom = freshWord("Pref");
    const { human, assisted, generated } = await threeWorks(fandom);
    const strict = await createVerifiedUserWithSession(db());
    const open = await createVerifiedUserWithSession(db());
    const url = `/api/published-stories?fandom=${fandom}`;
    // Warm the shared cache first with everything.
    expect(ids(await call("GET", url)).length).toBe(3);
    expect((await call("PUT", "/api/me/reading-preferences", strict.cookie, { ai: "none" })).json()).toEqual({
      ai: "none",
      languages: null,
    });
    for (let i = 0; i < 2; i++) {
      // Twice: the second answer may come from the fast path's cache.
      expect(ids(await call("GET", url, strict.cookie))).toEqual([human.id]);
      expect(ids(await call("GET", url, open.cookie))).toEqual([generated.id, assisted.id, human.id]);
      expect(ids(await call("GET", url))).toEqual([generated.id, assisted.id, human.id]);
    }
    // The URL wins over the preference; a visitor has only the URL.
    expect(ids(await call("GET", `${url}&ai=any`, strict.cookie)).length).toBe(3);
    expect(ids(await call("GET", `${url}&ai=assisted`))).toEqual([assisted.id, human.id]);
    await call("PUT", "/api/me/reading-preferences", strict.cookie, { ai: "assisted" });
    expect(ids(await call("GET", url, strict.cookie))).toEqual([assisted.id, human.id]);
  });

  it("GET and PUT /api/me/reading-preferences: signed in only, a known value, same origin", async () => {
    const reader = await createVerifiedUserWithSession(db());
    expect((await call("GET", "/api/me/reading-preferences")).statusCode).toBe(401);
    expect((await call("PUT", "/api/me/reading-preferences", undefined, { ai: "none" })).statusCode).toBe(401);
    expect((await call("GET", "/api/me/reading-preferences", reader.cookie)).json()).toEqual({
      ai: "any",
      languages: null,
    });
    const bad = await call("PUT", "/api/me/reading-preferences", reader.cookie, { ai: "human" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ ai: "ai must be one of any, assisted, none" });
    const missing = await call("PUT", "/api/me/reading-preferences", reader.cookie, {});
    expect(missing.statusCode).toBe(400);
    const forged = await send(
      ctx().app,
      "PUT",
      "/api/me/reading-preferences",
      { ai: "none" },
      { cookie: reader.cookie, origin: "https://evil.example" },
    );
    expect(forged.statusCode).toBe(403);
    expect((await call("PUT", "/api/me/reading-preferences", reader.cookie, { ai: "assisted" })).statusCode).toBe(200);
    expect((await call("GET", "/api/me/reading-preferences", reader.cookie)).json()).toEqual({
      ai: "assisted",
      languages: null,
    });
    // Another reader's preference is their own.
    const other = await createVerifiedUserWithSession(db());
    expect((await call("GET", "/api/me/reading-preferences", other.cookie)).json()).toEqual({
      ai: "any",
      languages: null,
    });
  });

  it("says how many works the filter left out over the page's stretch of the list, cursor pages included", async () => {
    const fandom = freshWord("Hidden");
    // Newest first: G1 H1 G2 G3 H2 A1 (G: generated, H: human, A: assisted).
    const h2a = await published(100, 30, { fandoms: [fandom] });
    const h2 = await published(100, 0, { fandoms: [fandom] });
    await published(100, 90, { fandoms: [fandom] });
    await published(100, 80, { fandoms: [fandom] });
    const h1 = await published(100, 0, { fandoms: [fandom] });
    await published(100, 100, { fandoms: [fandom] });
    const url = `/api/published-stories?fandom=${fandom}&limit=1&ai=none`;
    const first = await call("GET", url);
    expect(ids(first)).toEqual([h1.id]);
    // Before H1 in the list: G1.
    expect(first.headers[HIDDEN_BY_AI_HEADER]).toBe("1");
    const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
    const second = await call("GET", `${url}&cursor=${encodeURIComponent(cursor)}`);
    expect(ids(second)).toEqual([h2.id]);
    // The filtered list's last page: from H1 to the end, G2, G3 and A1 were left out.
    expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect(second.headers[HIDDEN_BY_AI_HEADER]).toBe("3");
    // With a longer list after it, a page counts only up to its last item: between H1 and H2, G2 and G3.
    const later = await published(100, 0, { fandoms: [fandom], publishedAt: new Date(0) });
    ctx().app.readCache.invalidateStory(later.id);
    const bounded = await call("GET", `${url}&cursor=${encodeURIComponent(cursor)}`);
    expect(ids(bounded)).toEqual([h2.id]);
    expect(bounded.headers[NEXT_CURSOR_HEADER]).toBeDefined();
    expect(bounded.headers[HIDDEN_BY_AI_HEADER]).toBe("2");
    expect(h2a.id).not.toBe(later.id);
    // Nothing left out, no header; 'any' never counts.
    const all = await call("GET", `/api/published-stories?fandom=${fandom}&ai=any`);
    expect(all.headers[HIDDEN_BY_AI_HEADER]).toBeUndefined();
    // A signed-in reader's preference counts the same way.
    const reader = await createVerifiedUserWithSession(db());
    await call("PUT", "/api/me/reading-preferences", reader.cookie, { ai: "assisted" });
    const pref = await call("GET", `/api/published-stories?fandom=${fandom}&limit=10`, reader.cookie);
    expect(ids(pref)).toEqual([h1.id, h2.id, h2a.id, later.id]);
    expect(pref.headers[HIDDEN_BY_AI_HEADER]).toBe("3");
  });

  it("filters the Following feed by ai= and by the reader's preference", async () => {
    const fandom = freshWord("Follow");
    const author = await createUser(db());
    const reader = await createVerifiedUserWithSession(db());
    expect((await call("POST", `/api/authors/${author.username}/follow`, reader.cookie)).statusCode).toBe(200);
    const { human, assisted, generated } = await threeWorks(fandom, author.id);
    const feed = async (query: string) =>
      ((await call("GET", `/api/following${query}`, reader.cookie)).json().items as { storyId: number }[]).map(
        (i) => i.storyId,
      );
    expect(await feed("")).toEqual([generated.id, assisted.id, human.id]);
    expect(await feed("?ai=none")).toEqual([human.id]);
    expect(await feed("?ai=assisted")).toEqual([assisted.id, human.id]);
    expect((await call("GET", "/api/following?ai=some", reader.cookie)).statusCode).toBe(400);
    await call("PUT", "/api/me/reading-preferences", reader.cookie, { ai: "none" });
    expect(await feed("")).toEqual([human.id]);
    expect(await feed("?ai=any")).toEqual([generated.id, assisted.id, human.id]);
    // How many the filter hid, over the page's stretch: the whole feed on its one page; a first page of one item
    // (the newest, generated and assisted hidden before the human one) counts the two newer than its last item.
    const page = async (query: string) => (await call("GET", `/api/following${query}`, reader.cookie)).json();
    expect((await page("")).hiddenByAi).toBe(2);
    expect((await page("?ai=assisted")).hiddenByAi).toBe(1);
    expect((await page("?ai=any")).hiddenByAi).toBeUndefined();
    const first = await page("?ai=assisted&limit=1");
    expect(first.items.map((i: { storyId: number }) => i.storyId)).toEqual([assisted.id]);
    expect(first.hiddenByAi).toBe(1);
    const second = await page(`?ai=assisted&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.items.map((i: { storyId: number }) => i.storyId)).toEqual([human.id]);
    expect(second.hiddenByAi).toBeUndefined();
  });
});
