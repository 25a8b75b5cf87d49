// Issue 32 section 2 through the real app on PGlite and PostgreSQL: a series' lorebook read by its stories (below the
// story's entries, above canon packs, named in "What Marin sees"), the lore cache across series changes, the enabled
// switch, progression at the chapter Marin writes in, mention counts, and the bad input around them.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { LORE_LIMITS, LORE_MESSAGES, type LoreMentionsAnswer } from "../../shared/schemas/lore";
import { SERIES_NOT_FOUND } from "../../shared/schemas/series";
import { canonPacks, loreEntries, stories } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";

const CHAPTERS = [
  "<h2>Chapter 1: Docks</h2><p>Pip Marlow ran past Élodie. Ashes fell; Pip laughed.</p>",
  "<h2>Chapter 2: Storm</h2><p>Mika and Kakashi waited for Ren. PIP was late.</p>",
  "<h2>Chapter 3: Harbour</h2><p>Mika met Ren and Kakashi by the harbour while Pip watched the Ash.</p>",
].join("");

describeEachDb("series lorebooks, progression and mentions", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie?: string, body?: unknown) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});
  const entry = (name: string, description: string, more = {}) => ({
    kind: "character",
    name,
    keys: [],
    description,
    ...more,
  });

  it("reads a series' entries in its stories' context, in order, cached right, with progression and bad input", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), {
      authorId: user.id,
      published: true,
      publishedAt: new Date(),
      content: CHAPTERS,
      fandoms: ["Naruto"],
    });
    const makeSeries = async (title: string) => {
      const made = await call("POST", "/api/series", cookie, { title });
      expect(
        (await call("POST", `/api/series/${made.json().id}/works`, cookie, { storyId: story.id })).statusCode,
      ).toBe(201);
      return made.json().id as number;
    };
    const road = await makeSeries("The Copper Road");
    const ash = await makeSeries("Ash Tales");
    const [pack] = await db().insert(canonPacks).values({ ownerId: user.id, fandom: "naruto" }).returning();
    await db()
      .insert(loreEntries)
      .values(
        ["Kakashi", "Ren"].map((name) => ({
          canonPackId: pack!.id,
          kind: "character" as const,
          name,
          keys: [],
          description: `The pack's ${name}.`,
        })),
      );

    const roadUrl = `/api/series/${road}/lore`;
    const kakashi = await call("POST", roadUrl, cookie, entry("Kakashi", "The road's Kakashi."));
    expect(kakashi.statusCode, kakashi.body).toBe(201);
    expect(kakashi.json()).toMatchObject({ seriesId: road, storyId: null, enabled: true, changes: [] });
    const pip = (await call("POST", roadUrl, cookie, entry("Pip", "The road's Pip."))).json();
    expect(
      (await call("POST", `/api/stories/${story.id}/lore`, cookie, entry("pip", "This story's Pip."))).statusCode,
    ).toBe(201);
    expect((await call("GET", roadUrl, cookie)).json().entries.map((e: { name: string }) => e.name)).toEqual([
      "Kakashi",
      "Pip",
    ]);

    const preview = async () => {
      const res = await call("POST", "/api/marin/context", cookie, {
        kind: "chat",
        storyId: story.id,
        messages: [{ role: "user", content: "Kakashi, Ren and Pip?" }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as { text: string; lore: { name: string; source: string }[] };
      return { text: answer.text, sources: Object.fromEntries(answer.lore.map((l) => [l.name, l.source])) };
    };
    // Story over series (Pip), series over pack (Kakashi), the pack where nothing overrides it (Ren).
    expect((await preview()).sources).toEqual({
      pip: "story",
      Kakashi: "series: The Copper Road",
      Ren: "canon pack: naruto",
    });
    // A second series' entry is read at once (the cache's fingerprint covers series entries) …
    const ren = await call("POST", `/api/series/${ash}/lore`, cookie, entry("Ren", "Ash's Ren."));
    expect((await preview()).sources.Ren).toBe("series: Ash Tales");
    // … and leaving that series drops it at once.
    expect((await call("DELETE", `/api/series/${ash}/works/${story.id}`, cookie)).statusCode).toBe(200);
    expect((await preview()).sources.Ren).toBe("canon pack: naruto");
    // Switched off: kept, shown off, never sent, overrides nothing.
    await call("PATCH", `/api/series/${road}/lore/${kakashi.json().id}`, cookie, { enabled: false });
    expect((await preview()).sources.Kakashi).toBe("canon pack: naruto");
    const lore = (await call("GET", `/api/stories/${story.id}/lore`, cookie)).json();
    expect(
      lore.series.map((e: { name: string; enabled: boolean; overridden: boolean; seriesTitle: string }) => [
        e.name,
        e.enabled,
        e.overridden,
        e.seriesTitle,
      ]),
    ).toEqual([
      ["Kakashi", false, false, "The Copper Road"],
      ["Pip", true, true, "The Copper Road"],
    ]);

    // Progression: Marin chatting about the story writes in its last chapter (3); continuing after chapter 1's text
    // writes in chapter 1.
    const mikaUrl = `/api/stories/${story.id}/lore`;
    const changes = [
      { fromChapter: 3, description: "Mika, harbour master." },
      { fromChapter: 2, description: "Mika, sailor." },
    ];
    const mika = await call("POST", mikaUrl, cookie, entry("Mika", "Mika, a dock girl.", { changes }));
    expect(mika.statusCode, mika.body).toBe(201);
    expect(mika.json().changes.map((c: { fromChapter: number }) => c.fromChapter)).toEqual([2, 3]);
    const chat = await call("POST", "/api/marin/context", cookie, {
      kind: "chat",
      storyId: story.id,
      messages: [{ role: "user", content: "What does Mika want?" }],
    });
    expect(chat.json().text).toContain("- Mika (character): Mika, harbour master.");
    const cont = await call("POST", "/api/marin/context", cookie, {
      kind: "generate",
      action: "continue",
      storyId: story.id,
      before: "Chapter 1: Docks\n\nPip Marlow ran past Élodie. Ashes fell; Pip laughed.",
      prompt: "Mika arrives",
    });
    expect(cont.statusCode, cont.body).toBe(200);
    expect(cont.json().text).toContain("- Mika (character): Mika, a dock girl.");

    // Bad input: each a clear 400, never a 500.
    const bad = async (body: unknown, message: string, url = `/api/lore/${mika.json().id}`) => {
      const res = await call("PATCH", url, cookie, body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    };
    await bad({ changes: [{ fromChapter: 5, description: "Later." }] }, LORE_MESSAGES.changeAfterLast(3));
    await bad({ changes: [{ fromChapter: 0, description: "Before." }] }, LORE_MESSAGES.changeChapter);
    await bad(
      {
        changes: [
          { fromChapter: 2, description: "a" },
          { fromChapter: 2, description: "b" },
        ],
      },
      LORE_MESSAGES.changeTwice,
    );
    await bad(
      { changes: Array.from({ length: 21 }, (_, i) => ({ fromChapter: 1, description: `${i}` })) },
      LORE_MESSAGES.tooManyChanges,
    );
    await bad(
      { changes: [{ fromChapter: 2, description: "x".repeat(1001) }] },
      "The description can be at most 1,000 characters",
    );
    const keys = await call("PATCH", `/api/lore/${mika.json().id}`, cookie, {
      keys: Array.from({ length: 10_000 }, (_, k) => `key${k}`),
    });
    expect(keys.statusCode).toBe(413);
    expect(
      (
        await call("PATCH", `/api/lore/${mika.json().id}`, cookie, {
          keys: Array.from({ length: 21 }, (_, k) => `key${k}`),
        })
      ).json().message,
    ).toBe(LORE_MESSAGES.tooManyKeys);
    const [packEntry] = await db().select().from(loreEntries).where(eq(loreEntries.canonPackId, pack!.id)).limit(1);
    await bad(
      { changes: [{ fromChapter: 1, description: "Now." }] },
      LORE_MESSAGES.changeInPack,
      `/api/lore/${packEntry!.id}`,
    );
    expect(
      (
        await call("PATCH", `/api/lore/${mika.json().id}`, cookie, {
          changes: [{ fromChapter: 4, description: "Next chapter." }],
        })
      ).statusCode,
    ).toBe(200);

    // Another writer's series is no series; an entry of another lorebook is no entry under this one.
    const other = await createVerifiedUserWithSession(db());
    expect((await call("GET", roadUrl, other.cookie)).json().message).toBe(SERIES_NOT_FOUND);
    expect((await call("POST", roadUrl, other.cookie, entry("Mine", "Mine."))).statusCode).toBe(404);
    expect((await call("PATCH", `/api/series/${road}/lore/${pip.id}`, other.cookie, { name: "Mine" })).statusCode).toBe(
      404,
    );
    expect((await call("PATCH", `/api/lore/${pip.id}`, other.cookie, { name: "Mine" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/series/${ash}/lore/${pip.id}`, cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/series/nope/lore", cookie)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/series/${ash}/lore/${ren.json().id}`, cookie)).statusCode).toBe(204);
    expect((await call("GET", `/api/series/${ash}/lore`, cookie)).json()).toEqual({
      entries: [],
      limits: { entries: LORE_LIMITS.entriesPerOwner },
    });
  });

  it("counts each entry's mentions per chapter, whole words in any case, cached per saved version", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: user.id, content: CHAPTERS });
    const add = async (name: string, keys: string[] = []) =>
      (await call("POST", `/api/stories/${story.id}/lore`, cookie, entry(name, `${name}.`, { keys }))).json()
        .id as number;
    const ids = {
      pip: await add("Pip Marlow", ["Pip", "Marlow"]),
      elodie: await add("ÉLODIE"),
      ash: await add("The Ash", ["Ash"]),
      zed: await add("Zed"),
    };
    const url = `/api/stories/${story.id}/lore/mentions`;
    const first = (await call("GET", url, cookie)).json() as LoreMentionsAnswer;
    expect(first.chapters).toBe(3);
    expect(first.mentions[ids.pip]).toEqual({
      total: 4,
      chapters: [
        { chapter: 1, count: 2 },
        { chapter: 2, count: 1 },
        { chapter: 3, count: 1 },
      ],
    });
    expect(first.mentions[ids.elodie]).toEqual({ total: 1, chapters: [{ chapter: 1, count: 1 }] });
    // 'Ashes' is not 'Ash'; 'the Ash' is one mention, not two.
    expect(first.mentions[ids.ash]).toEqual({ total: 1, chapters: [{ chapter: 3, count: 1 }] });
    expect(first.mentions[ids.zed]).toEqual({ total: 0, chapters: [] });

    // A new saved version is counted again; the same one is served from the cache.
    await db()
      .update(stories)
      .set({ content: `${CHAPTERS}<h2>Chapter 4</h2><p>Zed!</p>`, version: story.version + 1 })
      .where(eq(stories.id, story.id));
    const second = (await call("GET", url, cookie)).json() as LoreMentionsAnswer;
    expect([second.version, second.chapters, second.mentions[ids.zed]]).toEqual([
      story.version + 1,
      4,
      { total: 1, chapters: [{ chapter: 4, count: 1 }] },
    ]);
    const other = await createVerifiedUserWithSession(db());
    expect((await call("GET", url, other.cookie)).statusCode).toBe(404);
    expect((await call("GET", url)).statusCode).toBe(401);
  });
});
