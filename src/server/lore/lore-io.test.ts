// Lorebook import and export through the real app on PGlite and PostgreSQL (issue 32, section 2): SillyTavern World
// Info and NovelAI files made here from the formats' own field names, round trips that keep the fields FicForge does
// not use, files that are too large, not lorebooks, too deep, too many, hostile or racing; and Plus's 'Find characters
// and places', whose dismissed proposals stay dismissed.
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { LORE_LIMITS, LORE_MESSAGES } from "../../shared/schemas/lore";
import { LORE_IMPORT_LIMITS, LORE_IMPORT_MESSAGES } from "../../shared/schemas/lore-io";
import { loreEntries } from "../db/schema";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { multipartFile } from "../test/images";

// biome-ignore lint/suspicious/noExplicitAny: the files are read back as the other tools would, untyped.
type Json = Record<string, any>;

/** A SillyTavern World Info file as SillyTavern writes one: entries keyed by uid, every field present. */
function worldInfo(entries: Partial<Json>[]): Json {
  const out: Json = {};
  entries.forEach((entry, uid) => {
    out[String(uid)] = {
      uid,
      key: [],
      keysecondary: [],
      comment: "",
      content: "",
      constant: false,
      vectorized: false,
      selective: true,
      selectiveLogic: 0,
      addMemo: true,
      order: 100,
      position: 0,
      disable: false,
      excludeRecursion: false,
      probability: 100,
      useProbability: true,
      depth: 4,
      group: "",
      displayIndex: uid,
      ...entry,
    };
  });
  return { entries: out };
}

/** A NovelAI .lorebook as NovelAI writes one. */
function novelAiLorebook(entries: Partial<Json>[], categories: Json[] = []): Json {
  return {
    lorebookVersion: 5,
    entries: entries.map((entry, i) => ({
      text: "",
      contextConfig: { prefix: "", suffix: "\n", tokenBudget: 1, budgetPriority: 400, insertionPosition: -1 },
      lastUpdatedAt: 1_700_000_000_000,
      displayName: "",
      id: `00000000-0000-4000-8000-00000000000${i}`,
      keys: [],
      searchRange: 1000,
      enabled: true,
      forceActivation: false,
      keyRelative: false,
      nonStoryActivatable: false,
      category: "",
      loreBiasGroups: [],
      ...entry,
    })),
    settings: { orderByKeyLocations: false },
    categories,
  };
}

const LONG = `${"The harbour remembers every ship. ".repeat(50)}End.`;

describeEachDb("lorebook import and export", (ctx) => {
  const db = () => ctx().database.db;
  const upload = (storyId: number, cookie: string, bytes: Buffer | string, name = "world.json") => {
    const body = multipartFile(name, "application/json", Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
    return ctx().app.inject({
      method: "POST",
      url: `/api/stories/${storyId}/lore/import`,
      headers: { ...body.headers, origin: TEST_APP_URL, cookie },
      payload: body.payload,
    });
  };
  const importJson = (storyId: number, cookie: string, file: unknown) => upload(storyId, cookie, JSON.stringify(file));
  const exported = (storyId: number, cookie: string, format: string) =>
    send(ctx().app, "GET", `/api/stories/${storyId}/lore/export?format=${format}`, undefined, { cookie });
  const rows = (storyId: number) =>
    db().select().from(loreEntries).where(eq(loreEntries.storyId, storyId)).orderBy(loreEntries.id);
  const shape = (list: Awaited<ReturnType<typeof rows>>) =>
    list.map(({ kind, name, keys, description, enabled }) => ({ kind, name, keys, description, enabled }));

  it("imports SillyTavern and NovelAI files, exports them as those tools read them, and round-trips", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: user.id, title: "The Fox of Saltmarsh" });
    const file = worldInfo([
      {
        comment: "Pip Marlow",
        key: ["Pip", "the Fox", "P", "/pi+p/i"],
        keysecondary: ["thief"],
        content: "A <b>thief</b>.<script>alert(1)</script><img src=x onerror=alert(1)> &lt;i&gt;Never&lt;/i&gt; pays.",
        order: 42,
        position: 4,
        extensions: { custom: true },
      },
      { comment: "", key: ["Mika"], content: "Pip's sister.", disable: true },
      { comment: "Thorn Keep", key: [], content: LONG },
      { comment: "Empty", key: ["Nothing"], content: "   " },
      { comment: "pip marlow", key: [], content: "A second Pip." },
      { comment: "", key: [], content: "No name at all." },
    ]);
    (file.entries as Json)["6"] = "not an entry";
    const res = await importJson(story.id, cookie, file);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ format: "sillytavern", imported: 3, skippedTotal: 4, shortened: 1 });
    expect(answer.skipped).toEqual([
      { index: 3, name: "Empty", reason: LORE_IMPORT_MESSAGES.noContent },
      { index: 4, name: "pip marlow", reason: LORE_IMPORT_MESSAGES.nameTaken("pip marlow") },
      { index: 5, name: null, reason: LORE_IMPORT_MESSAGES.noName },
      { index: 6, name: null, reason: LORE_IMPORT_MESSAGES.notAnEntry },
    ]);
    expect(answer.unknownFields).toEqual(expect.arrayContaining(["keysecondary", "order", "position", "extensions"]));
    const stored = await rows(story.id);
    expect(shape(stored)).toEqual([
      {
        kind: "character",
        name: "Pip Marlow",
        keys: ["Pip", "the Fox"],
        description: "A thief. Never pays.",
        enabled: true,
      },
      { kind: "character", name: "Mika", keys: ["Mika"], description: "Pip's sister.", enabled: false },
      { kind: "place", name: "Thorn Keep", keys: [], description: expect.stringMatching(/…$/), enabled: true },
    ]);
    expect(stored[2]!.description.length).toBeLessThanOrEqual(LORE_LIMITS.descriptionChars);
    expect(JSON.stringify(stored)).not.toMatch(/<|onerror/);
    // The lorebook lists them like any entry.
    const lore = (await send(ctx().app, "GET", `/api/stories/${story.id}/lore`, undefined, { cookie })).json();
    expect(lore.entries.map((e: Json) => e.name)).toEqual(["Pip Marlow", "Mika", "Thorn Keep"]);

    // Export to SillyTavern: its field names and types, the kept fields and full text written back.
    const st = await exported(story.id, cookie, "sillytavern");
    expect(st.statusCode).toBe(200);
    expect(st.headers["content-disposition"]).toMatch(/^attachment; filename="The-Fox-of-Saltmarsh-lorebook\.json"/);
    const stFile = st.json();
    expect(Object.keys(stFile.entries)).toEqual(["0", "1", "2"]);
    for (const entry of Object.values(stFile.entries) as Json[]) {
      expect(entry).toMatchObject({
        uid: expect.any(Number),
        comment: expect.any(String),
        content: expect.any(String),
      });
      expect([Array.isArray(entry.key), Array.isArray(entry.keysecondary), typeof entry.disable]).toEqual([
        true,
        true,
        "boolean",
      ]);
      expect([typeof entry.order, typeof entry.position, typeof entry.constant]).toEqual([
        "number",
        "number",
        "boolean",
      ]);
    }
    expect(stFile.entries["0"]).toMatchObject({
      comment: "Pip Marlow",
      key: ["Pip", "the Fox", "P", "/pi+p/i"],
      keysecondary: ["thief"],
      order: 42,
      position: 4,
      extensions: { custom: true },
      disable: false,
    });
    expect(stFile.entries["1"]).toMatchObject({ comment: "Mika", disable: true });
    expect(stFile.entries["2"].content).toBe(LONG);

    // SillyTavern → FicForge → SillyTavern → FicForge: the same lorebook.
    const again = await createStory(db(), { authorId: user.id });
    expect((await importJson(again.id, cookie, stFile)).json()).toMatchObject({ imported: 3, skippedTotal: 0 });
    expect(shape(await rows(again.id))).toEqual(shape(stored));
    // A second import of the same file adds nothing: every name is taken.
    expect((await importJson(again.id, cookie, stFile)).json()).toMatchObject({ imported: 0, skippedTotal: 3 });

    // NovelAI: a folder named 'Places' makes places; NovelAI's switch, ids and settings per entry kept.
    const nai = novelAiLorebook(
      [
        { displayName: "Ravenhold", keys: ["Ravenhold", "the city"], text: "A city of bells.", category: "c1" },
        { displayName: "", keys: ["Corvin"], text: "Ren's rival.", enabled: false, searchRange: 2000 },
      ],
      [{ name: "Places", id: "c1", enabled: true }],
    );
    const naiStory = await createStory(db(), { authorId: user.id, title: "Bells" });
    const naiAnswer = (await upload(naiStory.id, cookie, JSON.stringify(nai), "bells.lorebook")).json();
    expect(naiAnswer).toMatchObject({ format: "novelai", imported: 2, droppedFields: ["settings", "categories"] });
    expect(shape(await rows(naiStory.id))).toEqual([
      {
        kind: "place",
        name: "Ravenhold",
        keys: ["Ravenhold", "the city"],
        description: "A city of bells.",
        enabled: true,
      },
      { kind: "character", name: "Corvin", keys: ["Corvin"], description: "Ren's rival.", enabled: false },
    ]);
    const naiOut = await exported(naiStory.id, cookie, "novelai");
    expect(naiOut.headers["content-disposition"]).toMatch(/filename="Bells-lorebook\.lorebook"/);
    const naiFile = naiOut.json();
    expect(naiFile).toMatchObject({ lorebookVersion: 5, settings: expect.any(Object), categories: [] });
    expect(naiFile.entries[1]).toMatchObject({
      displayName: "Corvin",
      keys: ["Corvin"],
      text: "Ren's rival.",
      enabled: false,
      searchRange: 2000,
      id: nai.entries[1].id,
      contextConfig: expect.objectContaining({ budgetPriority: 400 }),
      lastUpdatedAt: expect.any(Number),
    });
    // A FicForge lorebook exported to NovelAI: the name goes out as a key (NovelAI matches keys only).
    const stToNai = (await exported(story.id, cookie, "novelai")).json();
    expect(stToNai.entries[2]).toMatchObject({ displayName: "Thorn Keep", keys: ["Thorn Keep"], text: LONG });
    const back = await createStory(db(), { authorId: user.id });
    expect((await importJson(back.id, cookie, naiFile)).json()).toMatchObject({ imported: 2 });
    expect(shape(await rows(back.id)).map((e) => e.name)).toEqual(["Ravenhold", "Corvin"]);

    // Another writer's story answers like a missing one; a format nobody offers is a clear 400.
    const other = await createVerifiedUserWithSession(db());
    expect((await importJson(story.id, other.cookie, file)).statusCode).toBe(404);
    expect((await exported(story.id, other.cookie, "sillytavern")).statusCode).toBe(404);
    const badFormat = await exported(story.id, cookie, "docx");
    expect([badFormat.statusCode, badFormat.json().message]).toEqual([400, "Choose a format: sillytavern or novelai"]);
  });

  it("refuses files too large, not lorebooks, too deep or too many with a clear 4xx; bounds what it keeps", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: user.id });
    const refused = async (bytes: Buffer | string, status: number, message: string) => {
      const res = await upload(story.id, cookie, bytes);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    };
    await refused(Buffer.alloc(LORE_IMPORT_LIMITS.fileBytes + 1, 32), 413, LORE_IMPORT_MESSAGES.tooLarge);
    await refused("<html>not json</html>", 415, LORE_IMPORT_MESSAGES.notJson);
    await refused(JSON.stringify({ title: "A story" }), 415, LORE_IMPORT_MESSAGES.unknownFormat);
    await refused(JSON.stringify([1, 2]), 415, LORE_IMPORT_MESSAGES.unknownFormat);
    await refused(`{"entries":{"0":${"[".repeat(100)}${"]".repeat(100)}}}`, 400, LORE_IMPORT_MESSAGES.tooDeep);
    await refused(`{"entries":[${"{},".repeat(1_100_000)}{}]}`, 413, LORE_IMPORT_MESSAGES.tooManyTokens);
    const many = (n: number) =>
      worldInfo(Array.from({ length: n }, (_, i) => ({ comment: `Entry ${i}`, key: [`key${i}`], content: "x" })));
    await refused(JSON.stringify(many(LORE_IMPORT_LIMITS.fileEntries + 1)), 413, LORE_IMPORT_MESSAGES.tooManyEntries);
    const noFile = await ctx().app.inject({
      method: "POST",
      url: `/api/stories/${story.id}/lore/import`,
      headers: { origin: TEST_APP_URL, cookie, "content-type": "application/json" },
      payload: "{}",
    });
    expect([noFile.statusCode, noFile.json().message]).toEqual([400, LORE_IMPORT_MESSAGES.noFile]);
    expect(await rows(story.id)).toEqual([]);

    // Fields PostgreSQL cannot store and fields too large to keep are dropped and named, never a 500.
    const hostile = worldInfo([
      {
        comment: "Nul\u0000l",
        key: ["Nul"],
        content: "x\u0000y",
        "bad\u0000name": 1,
        odd: "\ud800",
        huge: "z".repeat(9000),
      },
    ]);
    const kept = (await importJson(story.id, cookie, hostile)).json();
    expect(kept).toMatchObject({ imported: 1 });
    expect(kept.droppedFields).toEqual(
      expect.arrayContaining(["badname (cannot be saved)", "odd (cannot be saved)", "huge (too large to keep)"]),
    );
    expect(shape(await rows(story.id))).toMatchObject([{ name: "Null", description: "xy" }]);

    // 5,000 entries: as many as the lorebook has room for, the rest reported (the first hundred one by one).
    await db().execute(
      sql`insert into lore_entries (story_id, kind, name, description)
          select ${story.id}, 'character', 'Filler ' || g, 'x' from generate_series(1, 495) g`,
    );
    const full = await importJson(story.id, cookie, many(LORE_IMPORT_LIMITS.fileEntries));
    expect(full.json()).toMatchObject({ imported: 4, skippedTotal: 4996 });
    expect(full.json().skipped).toHaveLength(LORE_IMPORT_LIMITS.reportedSkips);
    expect(full.json().skipped[0]).toEqual({ index: 4, name: "Entry 4", reason: LORE_IMPORT_MESSAGES.lorebookFull });
    expect(await rows(story.id)).toHaveLength(LORE_LIMITS.entriesPerOwner);

    // Two imports racing into one lorebook take turns: every name once.
    const raced = await createStory(db(), { authorId: user.id });
    const answers = await Promise.all([1, 2].map(() => importJson(raced.id, cookie, many(3))));
    expect(answers.map((a) => a.json().imported).sort()).toEqual([0, 3]);
    expect(await rows(raced.id)).toHaveLength(3);
  });

  it("finds characters and places for Plus, proposes nothing known or answered, and gates free accounts", async () => {
    const plus = await createVerifiedUserWithSession(db(), { isPremium: true });
    const content = [
      "<p>Pip ran to Thorn Keep before the tide. Mika waited in Ravenhold with the crows.</p>",
      "<p>At dawn Pip left Thorn Keep. Mika said Pip was late again.</p>",
      "<p>They met at the Salt Market. Later Mika went back to Ravenhold alone, and Pip followed her.</p>",
      "<p>Nobody in Ravenhold slept that night.</p>",
    ].join("");
    const story = await createStory(db(), { authorId: plus.user.id, content });
    const url = `/api/stories/${story.id}/lore`;
    const call = (method: "GET" | "POST", path: string, cookie: string, body?: unknown) =>
      send(ctx().app, method, `${url}${path}`, body, { cookie });
    const found = async () => (await call("POST", "/find", plus.cookie)).json().proposals as Json[];
    const first = await found();
    expect(first.filter((p) => p.kind === "character").map((p) => p.name)).toEqual(
      expect.arrayContaining(["Pip", "Mika"]),
    );
    expect(first.filter((p) => p.kind === "place").map((p) => p.name)).toEqual(["Ravenhold", "Thorn Keep"]);
    expect(first.find((p) => p.name === "Thorn Keep")).toMatchObject({
      keys: [],
      description: "A place in this story: “Pip ran to Thorn Keep before the tide.”",
    });

    // Accepted (as edited) and dismissed ones are never proposed again; an entry's key covers a place too.
    const accept = await call("POST", "", plus.cookie, {
      kind: "place",
      name: "The Keep",
      keys: ["Thorn Keep"],
      description: "A drowned fortress.",
      proposal: "Thorn Keep",
    });
    expect(accept.statusCode).toBe(201);
    expect((await call("POST", "/proposals/dismiss", plus.cookie, { name: "Ravenhold" })).statusCode).toBe(204);
    expect((await found()).map((p) => p.name)).not.toEqual(expect.arrayContaining(["Ravenhold"]));
    expect((await found()).some((p) => p.name === "Thorn Keep" || p.name === "Ravenhold")).toBe(false);

    const free = await createVerifiedUserWithSession(db());
    const freeStory = await createStory(db(), { authorId: free.user.id, content });
    const gated = await send(ctx().app, "POST", `/api/stories/${freeStory.id}/lore/find`, undefined, {
      cookie: free.cookie,
    });
    expect([gated.statusCode, gated.json().message]).toEqual([403, LORE_MESSAGES.plusOnly]);
    expect((await call("POST", "/find", free.cookie)).statusCode).toBe(404);
  });
});
