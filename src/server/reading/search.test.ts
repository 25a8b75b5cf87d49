// Search that ranks (issue 28): title above tags above text, misspelt titles, tags and authors, ranked pages walked
// by cursor, misspelt words corrected from the vocabulary of titles and tags, and a query too long for the budget
// refused.
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { NEXT_CURSOR_HEADER, type PublishedStoryItem } from "../../shared/schemas/reading";
import { searchWords, stories } from "../db/schema";
import { rateUnratedStories } from "../stories/rate-stories";
import { derivedStoryColumns } from "../stories/story-rating";
import { describeEachDb, send } from "../test/app";
import { createStory, createUser, type StoryOverrides } from "../test/factories";
import { correctionsQuery, SEARCH_CANDIDATES, searchQuery, TYPO_BELOW } from "./search";

let unique = 0;
/** A word no other test's stories have (letters only: search reads letters and digits as words). */
const freshWord = (prefix: string) => `${prefix}${process.pid}x${++unique}`.replace(/\d/g, (d) => "abcdefghij"[+d]!);

it("reads at most 8 words, letters and digits only, the last as a prefix, optionally in given weights", () => {
  expect(searchQuery("Harry's  Pottr!")).toBe("harry & pottr:*");
  expect(searchQuery("red fox", "AB")).toBe("red:AB & fox:*AB");
  expect(searchQuery(Array.from({ length: 1000 }, (_, i) => `w${i}`).join(" "))?.split(" & ")).toHaveLength(8);
  expect(searchQuery("&|!:*()")).toBeUndefined();
});

it("leaves common words out when there is another, and never matches a common word or a short word as a prefix", () => {
  // NOTE: `the:*` is every word that starts with "the": a bitmap of most of the archive for one search.
  expect(searchQuery("brave the")).toBe("brave");
  expect(searchQuery("the brave")).toBe("brave:*");
  expect(searchQuery("Of Mice and Men")).toBe("mice & men:*");
  expect(searchQuery("the")).toBe("the");
  expect(searchQuery("to be or not to be")).toBe("to & be & or & not & to & be");
  expect(searchQuery("dragon dr")).toBe("dragon & dr");
});

describeEachDb("search ranked by relevance", (ctx) => {
  const db = () => ctx().database.db;
  const get = (url: string) => send(ctx().app, "GET", url);
  const ids = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PublishedStoryItem[]).map((s) => s.id);
  };
  const search = (q: string, extra = "&limit=50") =>
    get(`/api/published-stories?sort=relevance&q=${encodeURIComponent(q)}${extra}`);

  async function published(overrides: StoryOverrides & { fandoms?: string[] } = {}) {
    const story = await createStory(db(), {
      description: "A quiet story about a lighthouse.",
      published: true,
      publishedAt: ctx().clock.now(),
      ...overrides,
    });
    await db().update(stories).set(derivedStoryColumns(story, story.tags)).where(eq(stories.id, story.id));
    ctx().clock.advance(1_000);
    return story;
  }

  it("applies the page's filters while choosing the candidates: a filtered search finds its story among many", async () => {
    const word = freshWord("Quay");
    const author = await createUser(db());
    // More stories with the word than are ranked, none of them long enough for the filter, written first.
    await db()
      .insert(stories)
      .values(
        Array.from({ length: SEARCH_CANDIDATES + 5 }, (_, i) => ({
          authorId: author.id,
          title: `${word} ${i}`,
          content: "<p>Short.</p>",
          characters: { lead: [], supporting: [], description: "" },
          published: true,
          publishedAt: ctx().clock.now(),
          rating: "general",
          wordCount: 100,
          searchText: `${word} short`,
          searchTags: "",
        })),
      );
    const long = await published({ title: `The long ${word}` });
    await db().update(stories).set({ wordCount: 5000 }).where(eq(stories.id, long.id));
    expect(ids(await search(word, "&limit=50&minWords=1000"))).toEqual([long.id]);
  });

  it("ranks a title match above a tag match above a text match, whatever the order of publishing", async () => {
    const word = freshWord("Lantern");
    const inText = await published({ title: "Tea at Noon", description: `The ${word} flickers all night.` });
    const inTag = await published({ title: "Salt and Rope", tags: [`${word} Keeper`] });
    const inTitle = await published({ title: `The ${word}`, description: "Nothing here." });
    expect(ids(await search(word))).toEqual([inTitle.id, inTag.id, inText.id]);
    // The other orders still filter by the words and keep their own order (newest first).
    expect(ids(await get(`/api/published-stories?limit=50&q=${word}`))).toEqual([inTitle.id, inTag.id, inText.id]);
    expect(ids(await get(`/api/published-stories?limit=50&sort=likes&q=${word}`))).toHaveLength(3);
  });

  it("looks for misspellings only while the words as written find fewer than TYPO_BELOW stories", async () => {
    const word = freshWord("Marrow");
    // One letter off: found only as a misspelling of `word`.
    const misspelt = await published({ title: `The ${word.slice(0, -1)}q Road` });
    const exact = [await published({ title: `${word} Falls` })];
    expect(ids(await search(word))).toEqual(expect.arrayContaining([exact[0]!.id, misspelt.id]));
    for (let i = 1; i < TYPO_BELOW; i++) exact.push(await published({ title: `${word} ${i}` }));
    // NOTE: another key than the first search's, which the read cache keeps.
    const found = ids(await search(word, "&limit=50&minWords=0"));
    expect(found).not.toContain(misspelt.id);
    expect(found).toHaveLength(TYPO_BELOW);
  });

  it("finds a misspelt title, tag and author name", async () => {
    const word = freshWord("Quill");
    const potter = await published({ title: `Harry Potter and the ${word}` });
    const other = await published({ title: `Harold Pot ${word}` });
    const found = ids(await search("harry pottr"));
    expect(found).toContain(potter.id);
    expect(found.indexOf(potter.id)).toBeLessThan(found.includes(other.id) ? found.indexOf(other.id) : Infinity);

    const tag = `Enemies ${freshWord("Rivalry")}`;
    const tagged = await published({ title: "Salt and Rope", tags: [tag] });
    expect(ids(await search(tag.replace("Enemies", "Enemis").slice(0, -1)))).toContain(tagged.id);

    const name = freshWord("featherstone");
    const author = await createUser(db(), { username: name });
    const byAuthor = await published({ authorId: author.id, title: "Untitled" });
    const typo = `${name.slice(0, 4)}${name.slice(5)}`; // one letter dropped
    expect(ids(await search(typo))).toContain(byAuthor.id);
    // Not by the full-text filter of the other orders: typo tolerance is the ranked search's.
    expect(ids(await get(`/api/published-stories?limit=50&q=${typo}`))).not.toContain(byAuthor.id);
  });

  it("walks ranked pages by cursor without duplicates or gaps, in the order of one long page", async () => {
    const word = freshWord("Harbour");
    const made: number[] = [];
    for (let i = 0; i < 7; i++) {
      const where = i % 3;
      const story = await published(
        where === 0
          ? { title: `${word} ${i}` }
          : where === 1
            ? { title: `Rope ${i}`, tags: [word] }
            : { title: `Tea ${i}`, description: `A ${word} story.` },
      );
      made.push(story.id);
    }
    const all = ids(await search(word));
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const res = await search(word, `&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      seen.push(...ids(res));
      cursor = (res.headers[NEXT_CURSOR_HEADER] as string | undefined) ?? null;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
    expect([...seen].sort()).toEqual([...made].sort());
    // A cursor of another order is refused.
    const newest = await get(`/api/published-stories?limit=1&q=${word}`);
    const other = newest.headers[NEXT_CURSOR_HEADER] as string;
    expect((await search(word, `&cursor=${encodeURIComponent(other)}`)).statusCode).toBe(400);
  });

  it("refuses a 1,000-word search and finds stories written before search_tags existed once backfilled", async () => {
    const words = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(" ");
    expect((await search(words)).statusCode).toBe(400);

    const word = freshWord("Beacon");
    const old = await published({ title: "Salt", tags: [`${word}`] });
    await db().update(stories).set({ searchTags: null }).where(eq(stories.id, old.id));
    await rateUnratedStories(db());
    const [row] = await db().select({ tags: stories.searchTags }).from(stories).where(eq(stories.id, old.id));
    expect(row?.tags).toBe(word);
    expect(ids(await search(word))).toEqual([old.id]);
  });

  /** `word` with its middle letter replaced (a letter no fresh word has). */
  const misspell = (word: string) => `${word.slice(0, 3)}u${word.slice(4)}`;

  it("corrects misspelt words from the vocabulary of published titles and tags", async () => {
    const [lantern, crown] = [freshWord("Lantern"), freshWord("Crown")];
    const story = await published({ title: `The Silent ${crown}`, tags: [`${lantern} Keeper`] });
    // NOTE: other tests' fresh words are alike (`lantern…`), so they may be found too, as a misspelling would.
    expect(ids(await search(misspell(lantern)))).toContain(story.id);
    expect(ids(await search(`silent ${misspell(crown)}`))).toContain(story.id);
    expect(ids(await search(`${misspell(crown)} ${misspell(lantern)}`))[0]).toBe(story.id);
    // As written, the words find nothing: typo tolerance is the ranked search's.
    expect(ids(await get(`/api/published-stories?limit=50&q=${misspell(lantern)}`))).toEqual([]);
  });

  it("learns a story's title words when it is published and when its title changes", async () => {
    const word = freshWord("Kestrel");
    const draft = await createStory(db(), { title: `The ${word}`, published: false });
    const known = async (w: string) =>
      (await db().select().from(searchWords).where(eq(searchWords.word, w.toLowerCase()))).length === 1;
    expect(await known(word)).toBe(false);
    await db().update(stories).set({ published: true, publishedAt: ctx().clock.now() }).where(eq(stories.id, draft.id));
    await db().update(stories).set(derivedStoryColumns(draft, draft.tags)).where(eq(stories.id, draft.id));
    expect(await known(word)).toBe(true);
    expect(ids(await search(misspell(word)))).toEqual([draft.id]);

    const renamed = freshWord("Teacup");
    await db().update(stories).set({ title: renamed }).where(eq(stories.id, draft.id));
    expect(await known(renamed)).toBe(true);
    expect(ids(await search(misspell(renamed)))).toEqual([draft.id]);
  });

  it("looks corrections up in the vocabulary alone, never in the stories", async () => {
    const plan = (await db().execute(sql`explain ${correctionsQuery(["lanturn", "silent", "crwn"])}`)) as unknown as {
      rows: Record<string, string>[];
    };
    const text = plan.rows.map((row) => Object.values(row).join(" ")).join("\n");
    expect(text).toContain("search_words");
    expect(text).not.toContain("stories");
  });
});
