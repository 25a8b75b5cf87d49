// Issue 31 section 4a: a work's language (publish, details, cards, pages), Discover's language and crossover filters,
// the reader's languages, and saved filters (/api/saved-filters) with their bad input.
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { publicStoryPath, type PublishedStoryItem } from "../../shared/schemas/reading";
import {
  NOTHING_TO_EXCLUDE,
  SAVED_FILTER_LIMITS,
  SAVED_FILTER_NAME_TAKEN,
  type SavedFilter,
  TOO_MANY_SAVED_FILTERS,
} from "../../shared/schemas/saved-filters";
import { savedFilters, stories } from "../db/schema";
import { derivedStoryColumns } from "../stories/story-rating";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

describeEachDb("finding works: languages, crossovers and saved filters", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, cookie?: string, body?: unknown) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});
  const items = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PublishedStoryItem[];
  };
  let unique = 0;

  /** A published story written straight to the table, with the columns every write derives. */
  async function published(values: { language?: string; fandoms?: string[]; warnings?: string[] } = {}) {
    const story = await createStory(db(), {
      title: `Finding ${++unique}`,
      published: true,
      publishedAt: ctx().clock.now(),
      fandoms: [],
      ...values,
    } as never);
    await db().update(stories).set(derivedStoryColumns(story, story.tags)).where(eq(stories.id, story.id));
    ctx().clock.advance(1_000);
    return story;
  }
  const list = (query: string) => call("GET", `/api/published-stories?limit=50&${query}`);

  it("filters by one language or several, 'all' is every one, and each card says its language", async () => {
    const en = await published();
    const fr = await published({ language: "fr" });
    const de = await published({ language: "de" });
    const french = items(await list("language=fr"));
    expect(french.map((s) => s.id)).toEqual([fr.id]);
    expect(french[0]!.language).toBe("fr");
    // Several: any of them; the same languages in another order and repeated are the same list (and cache key).
    const two = items(await list("language=fr&language=de"));
    expect(two.map((s) => s.id)).toEqual([de.id, fr.id]);
    expect(items(await list("language=de&language=fr&language=de")).map((s) => s.id)).toEqual([de.id, fr.id]);
    for (const query of ["language=all", "language=all&language=fr", ""]) {
      expect(items(await list(query)).map((s) => s.id)).toEqual([de.id, fr.id, en.id]);
    }
    // Every card's language is one the filter asked for (what the filter finds is what the cards show).
    for (const card of items(await list("language=en&language=de"))) expect(["en", "de"]).toContain(card.language);
    // Signed-in readers share the members' list; a reader's languages are only what their URL says.
    const reader = await createVerifiedUserWithSession(db());
    expect(
      items(await call("GET", "/api/published-stories?limit=50&language=de", reader.cookie)).map((s) => s.id),
    ).toEqual([de.id]);
    expect(
      items(await call("GET", "/api/published-stories?limit=50&language=fr", reader.cookie)).map((s) => s.id),
    ).toEqual([fr.id]);
  });

  it("filters crossovers in or out, with language and tags together", async () => {
    const single = await published({ fandoms: ["Harry Potter"] });
    const cross = await published({ fandoms: ["Harry Potter", "Naruto"] });
    const crossFr = await published({ fandoms: ["Sherlock", "Doctor Who"], language: "fr" });
    const sad = await published({ fandoms: ["Sherlock", "Naruto"], warnings: ["Major character death"] });
    // NOTE: the other tests' works are in the list too; these four are what this one checks.
    const ours = new Set([single.id, cross.id, crossFr.id, sad.id]);
    const found = async (query: string) => {
      const cards = items(await list(query));
      for (const card of cards) {
        if (query.includes("crossover=only")) expect(card.fandoms.length).toBeGreaterThanOrEqual(2);
        if (query.includes("crossover=exclude")) expect(card.fandoms.length).toBeLessThan(2);
      }
      return cards.map((s) => s.id).filter((id) => ours.has(id));
    };
    expect(await found("crossover=only")).toEqual([sad.id, crossFr.id, cross.id]);
    expect(await found("crossover=exclude")).toEqual([single.id]);
    expect(await found("crossover=only&language=en&exclude=Major+character+death")).toEqual([cross.id]);
  });

  it("refuses a language not on the list and a crossover value it does not know, signed in or out", async () => {
    const reader = await createVerifiedUserWithSession(db());
    for (const query of [
      "language=xx",
      "language=klingon",
      "language=EN",
      "language=",
      "crossover=yes",
      "crossover=only&crossover=exclude",
    ]) {
      for (const cookie of [undefined, reader.cookie]) {
        const res = await call("GET", `/api/published-stories?${query}`, cookie);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      }
    }
    expect((await list("language=xx")).json().message).toMatch("language must be a language code");
    expect((await list("crossover=yes")).json().message).toMatch("crossover must be only or exclude");
    const many = Array.from({ length: 200 }, () => "language=fr").join("&");
    expect((await list(many)).statusCode).toBe(400);
  });

  it("takes a language on publish and in details, refuses one off the list, and the pages carry it as lang", async () => {
    const writer = await createVerifiedUserWithSession(db());
    const created = await call("POST", "/api/stories", writer.cookie, {
      title: "La Lanterne",
      content: "<p>Il était une fois.</p>",
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    expect(created.json().language).toBe("en");
    const bad = await call("POST", `/api/stories/${id}/publish`, writer.cookie, {
      title: "La Lanterne",
      description: "Un phare.",
      language: "xx",
    });
    expect(bad.statusCode).toBe(400);
    const pub = await call("POST", `/api/stories/${id}/publish`, writer.cookie, {
      title: "La Lanterne",
      description: "Un phare.",
      language: "fr",
    });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().language).toBe("fr");
    const page = await call("GET", publicStoryPath(id, "La Lanterne"));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 lang="fr">La Lanterne</h1>');
    expect(page.body).toContain('<div class="prose" lang="fr">');
    expect(page.body).toContain('Language: <span lang="fr">Français</span>');
    const read = await call("GET", `/api/stories/${id}/read`);
    expect(read.json().language).toBe("fr");
    // Details change it; a code off the list is a 400 and changes nothing.
    expect((await call("PATCH", `/api/stories/${id}`, writer.cookie, { language: "tlh" })).statusCode).toBe(400);
    const patched = await call("PATCH", `/api/stories/${id}`, writer.cookie, { language: "ja" });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().language).toBe("ja");
    expect(items(await list("language=ja")).map((s) => s.id)).toEqual([id]);
    expect((await call("GET", publicStoryPath(id, "La Lanterne"))).body).toContain('<span lang="ja">日本語</span>');
  });

  it("keeps a reader's languages with their AI preference; a PUT without them keeps them", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const url = "/api/me/reading-preferences";
    expect((await call("GET", url, reader.cookie)).json()).toEqual({ ai: "any", languages: null });
    const put = await call("PUT", url, reader.cookie, { ai: "any", languages: ["fr", "en", "fr"] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ ai: "any", languages: ["fr", "en"] });
    expect((await call("PUT", url, reader.cookie, { ai: "none" })).json()).toEqual({
      ai: "none",
      languages: ["fr", "en"],
    });
    expect((await call("PUT", url, reader.cookie, { ai: "none", languages: ["xx"] })).statusCode).toBe(400);
    expect((await call("PUT", url, reader.cookie, { ai: "none", languages: [] })).statusCode).toBe(400);
    expect((await call("PUT", url, reader.cookie, { ai: "none", languages: null })).json()).toEqual({
      ai: "none",
      languages: null,
    });
  });

  it("saves, lists, renames, sets the default of, and deletes a reader's filters", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const url = "/api/saved-filters";
    expect((await call("GET", url)).statusCode).toBe(401);
    expect((await call("POST", url, undefined, { name: "x", query: "" })).statusCode).toBe(401);
    const saved = await call("POST", url, reader.cookie, {
      name: "  No death  ",
      query: "?exclude=Major+character+death&crossover=exclude",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const noDeath = saved.json() as SavedFilter;
    expect(noDeath).toMatchObject({
      name: "No death",
      query: "exclude=Major+character+death&crossover=exclude",
      isDefault: false,
    });
    const fluff = (
      await call("POST", url, reader.cookie, { name: "Fluff in French", query: "tag=Fluff&language=fr&sort=likes" })
    ).json() as SavedFilter;
    expect((await call("POST", url, reader.cookie, { name: "No death", query: "" })).json().message).toBe(
      SAVED_FILTER_NAME_TAKEN,
    );
    // Only a filter that excludes something can be the 'Always exclude'.
    const nothing = await call("PATCH", `${url}/${fluff.id}`, reader.cookie, { isDefault: true });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(NOTHING_TO_EXCLUDE);
    expect((await call("PATCH", `${url}/${noDeath.id}`, reader.cookie, { isDefault: true })).json().isDefault).toBe(
      true,
    );
    const other = (
      await call("POST", url, reader.cookie, { name: "No spiders", query: "exclude=Spiders" })
    ).json() as SavedFilter;
    // A second default takes over from the first.
    expect(
      (await call("PATCH", `${url}/${other.id}`, reader.cookie, { isDefault: true, name: "Never spiders" })).json(),
    ).toMatchObject({
      name: "Never spiders",
      isDefault: true,
    });
    const listed = (await call("GET", url, reader.cookie)).json() as SavedFilter[];
    expect(listed.map((f) => [f.name, f.isDefault])).toEqual([
      ["No death", false],
      ["Fluff in French", false],
      ["Never spiders", true],
    ]);
    expect((await call("PATCH", `${url}/${other.id}`, reader.cookie, { name: "Fluff in French" })).statusCode).toBe(
      409,
    );
    expect((await call("PATCH", `${url}/${other.id}`, reader.cookie, {})).statusCode).toBe(400);
    expect((await call("DELETE", `${url}/${fluff.id}`, reader.cookie)).statusCode).toBe(204);
    expect((await call("DELETE", `${url}/${fluff.id}`, reader.cookie)).statusCode).toBe(404);
    expect(((await call("GET", url, reader.cookie)).json() as SavedFilter[]).map((f) => f.name)).toEqual([
      "No death",
      "Never spiders",
    ]);
  });

  it("refuses an unknown parameter, a bad value, an oversized query or name, and a 31st filter", async () => {
    const reader = await createVerifiedUserWithSession(db());
    const save = (name: string, query: unknown) => call("POST", "/api/saved-filters", reader.cookie, { name, query });
    for (const [query, message] of [
      ["tag=Fluff&colour=blue", "Unknown Discover filter: colour"],
      ["cursor=abc", "Unknown Discover filter: cursor"],
      ["limit=10", "Unknown Discover filter: limit"],
      ["language=xx", "language must be a language code"],
      ["crossover=sometimes", "crossover must be only or exclude"],
      ["sort=new&sort=likes", "sort can be given once"],
      ["minWords=900&maxWords=10", "minWords cannot be more than maxWords"],
      [`tag=${"a".repeat(5_000)}`, "This filter is too long to save"],
    ] as const) {
      const res = await save("Bad", query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    for (const name of ["", "   ", "x".repeat(SAVED_FILTER_LIMITS.nameChars + 1), "tab\u0007bell"]) {
      expect((await save(name, "tag=Fluff")).statusCode).toBe(400);
    }
    expect((await save("Not text", { tag: "Fluff" })).statusCode).toBe(400);
    await db()
      .insert(savedFilters)
      .values(
        Array.from({ length: SAVED_FILTER_LIMITS.max - 1 }, (_, i) => ({
          userId: reader.user.id,
          name: `F${i}`,
          query: "",
        })),
      );
    expect((await save("Thirtieth", "tag=Fluff")).statusCode).toBe(201);
    const over = await save("Thirty-first", "tag=Fluff");
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(TOO_MANY_SAVED_FILTERS);
    // Two at once at 29 make 30, never 31.
    await call(
      "DELETE",
      `/api/saved-filters/${((await call("GET", "/api/saved-filters", reader.cookie)).json() as SavedFilter[])[0]!.id}`,
      reader.cookie,
    );
    const both = await Promise.all([save("Race A", ""), save("Race B", "")]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect((await call("GET", "/api/saved-filters", reader.cookie)).json()).toHaveLength(SAVED_FILTER_LIMITS.max);
  });

  it("never shows, changes or deletes another reader's saved filter", async () => {
    const owner = await createVerifiedUserWithSession(db());
    const other = await createVerifiedUserWithSession(db());
    const mine = (
      await call("POST", "/api/saved-filters", owner.cookie, { name: "Mine", query: "exclude=Spiders" })
    ).json() as SavedFilter;
    expect((await call("GET", "/api/saved-filters", other.cookie)).json()).toEqual([]);
    for (const [method, body] of [
      ["PATCH", { name: "Taken" }],
      ["PATCH", { isDefault: true }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(method, `/api/saved-filters/${mine.id}`, other.cookie, body);
      expect(res.statusCode).toBe(404);
    }
    for (const id of ["0", "-1", "abc", "99999999999"]) {
      expect((await call("DELETE", `/api/saved-filters/${id}`, owner.cookie)).statusCode).toBe(400);
    }
    expect((await call("GET", "/api/saved-filters", owner.cookie)).json()).toEqual([
      expect.objectContaining({ name: "Mine", isDefault: false }),
    ]);
  });
});
