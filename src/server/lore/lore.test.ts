// The lorebook through the real app on PGlite and PostgreSQL: story entries, canon pack entries edited by their
// owner, validation and 404s, the cap, what Marin's context carries (a story entry overriding its pack's) and Plus's
// proposals from story memory.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { LORE_LIMITS, LORE_MESSAGES } from "../../shared/schemas/lore";
import { MEMORY_STORY_CHARACTERS, MEMORY_STORY_HTML } from "../ai/memory-fixture";
import { canonPacks, loreEntries } from "../db/schema";
import { removeAccount } from "../my-account/delete-account";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { canonPackExportPage } from "../canon/packs";
import { loreExportPage } from "./load";

describeEachDb("the lorebook", (ctx) => {
  const db = () => ctx().database.db;
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie?: string, body?: unknown) =>
    send(ctx().app, method, url, body, cookie ? { cookie } : {});
  const pip = { kind: "character", name: "Pip Marlow", keys: ["Pip", "the Fox"], description: "A thief." };
  const pack = async (ownerId: number, fandom: string) =>
    (await db().insert(canonPacks).values({ ownerId, fandom }).returning())[0]!;
  const packEntry = async (canonPackId: number, name: string, keys: string[], description: string) =>
    (
      await db().insert(loreEntries).values({ canonPackId, kind: "character", name, keys, description }).returning()
    )[0]!;

  it("adds, lists, changes and deletes a story's entries; refuses bad input clearly and others' with 404", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: user.id });
    const url = `/api/stories/${story.id}/lore`;
    const added = await call("POST", url, cookie, { ...pip, keys: ["Pip", "pip", "  the   Fox "] });
    expect(added.statusCode, added.body).toBe(201);
    const entry = added.json();
    expect(entry).toMatchObject({ name: "Pip Marlow", keys: ["Pip", "the Fox"], storyId: story.id });
    expect((await call("GET", url, cookie)).json()).toMatchObject({
      entries: [{ id: entry.id, name: "Pip Marlow" }],
      canon: [],
      proposals: null,
      limits: { entries: LORE_LIMITS.entriesPerOwner },
    });

    // Names are unique in a story's lorebook too (any case), also when two adds race.
    const dup = await call("POST", url, cookie, { ...pip, name: " pip  MARLOW " });
    expect([dup.statusCode, dup.json().message]).toEqual([409, LORE_MESSAGES.nameTaken]);
    const raced = await Promise.all([
      call("POST", url, cookie, { ...pip, name: "Mika" }),
      call("POST", url, cookie, { ...pip, name: "mika" }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const mika = raced.find((r) => r.statusCode === 201)!.json();
    expect((await call("PATCH", `/api/lore/${mika.id}`, cookie, { name: "PIP MARLOW" })).statusCode).toBe(409);
    expect((await call("DELETE", `/api/lore/${mika.id}`, cookie)).statusCode).toBe(204);

    const changed = await call("PATCH", `/api/lore/${entry.id}`, cookie, { description: "A thief, sister of Mika." });
    expect(changed.json()).toMatchObject({ description: "A thief, sister of Mika.", keys: ["Pip", "the Fox"] });

    const short = await call("POST", url, cookie, { ...pip, keys: ["P"] });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(LORE_MESSAGES.keyTooShort);
    expect((await call("PATCH", `/api/lore/${entry.id}`, cookie, { keys: ["!!"] })).json().message).toBe(
      LORE_MESSAGES.keyNoWord,
    );
    const long = await call("POST", url, cookie, { ...pip, description: "x".repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("The description can be at most 1,000 characters");
    expect((await call("POST", url, cookie, { ...pip, kind: "weapon" })).statusCode).toBe(400);

    const other = await createVerifiedUserWithSession(db());
    expect((await call("GET", url, other.cookie)).statusCode).toBe(404);
    expect((await call("POST", url, other.cookie, pip)).statusCode).toBe(404);
    expect((await call("PATCH", `/api/lore/${entry.id}`, other.cookie, { name: "Mine" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/lore/${entry.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/lore/nope", cookie)).statusCode).toBe(404);
    expect((await call("GET", url)).statusCode).toBe(401);

    expect((await call("DELETE", `/api/lore/${entry.id}`, cookie)).statusCode).toBe(204);
    expect((await call("GET", url, cookie)).json().entries).toEqual([]);
    expect((await call("PATCH", `/api/lore/${entry.id}`, cookie, { name: "Gone" })).statusCode).toBe(404);
  });

  it("caps a story's entries with a clear 409", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: user.id });
    const rows = Array.from({ length: LORE_LIMITS.entriesPerOwner - 1 }, (_, i) => ({
      storyId: story.id,
      kind: "item" as const,
      name: `Thing ${i}`,
      description: "A thing.",
    }));
    await db().insert(loreEntries).values(rows);
    const url = `/api/stories/${story.id}/lore`;
    expect((await call("POST", url, cookie, pip)).statusCode).toBe(201);
    const full = await call("POST", url, cookie, { ...pip, name: "One too many" });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(LORE_MESSAGES.tooManyEntries);
  });

  it("lets a pack's owner change its entries, and only them", async () => {
    const owner = await createVerifiedUserWithSession(db());
    const other = await createVerifiedUserWithSession(db());
    const entry = await packEntry((await pack(owner.user.id, "Naruto")).id, "Konoha", ["Leaf Village"], "A village.");
    expect((await call("PATCH", `/api/lore/${entry.id}`, other.cookie, { name: "Mine" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/lore/${entry.id}`, other.cookie)).statusCode).toBe(404);
    const changed = await call("PATCH", `/api/lore/${entry.id}`, owner.cookie, { kind: "place" });
    expect(changed.json()).toMatchObject({ kind: "place", canonPackId: entry.canonPackId, storyId: null });
    expect((await call("DELETE", `/api/lore/${entry.id}`, owner.cookie)).statusCode).toBe(204);
  });

  it("gives Marin the entries the text mentions, a story entry overriding its canon pack's, and says why", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), {
      authorId: user.id,
      fandoms: ["Naruto", "Bleach"],
      content: "<p>Kakashi read his book by the gate.</p>",
    });
    const naruto = await pack(user.id, "naruto");
    await packEntry(naruto.id, "KAKASHI", [], "The pack's Kakashi.");
    await packEntry(naruto.id, "Konoha", ["Leaf Village"], "The hidden village.");
    await packEntry((await pack(user.id, "One Piece")).id, "Luffy", [], "Not this story's fandom.");
    const stranger = await createVerifiedUserWithSession(db());
    await packEntry((await pack(stranger.user.id, "Naruto")).id, "Sakura", [], "Someone else's pack.");
    const own = await call("POST", `/api/stories/${story.id}/lore`, cookie, {
      kind: "character",
      name: "Kakashi",
      keys: ["Copy Ninja"],
      description: "This story's Kakashi.",
    });

    const lore = (await call("GET", `/api/stories/${story.id}/lore`, cookie)).json();
    expect(lore.canon.map((e: { name: string; overridden: boolean }) => [e.name, e.overridden])).toEqual([
      ["KAKASHI", true],
      ["Konoha", false],
    ]);

    const preview = await call("POST", "/api/marin/context", cookie, {
      kind: "chat",
      storyId: story.id,
      messages: [{ role: "user", content: "Should Sakura and Luffy visit the leaf village?" }],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().lore).toEqual([
      { name: "Konoha", kind: "character", source: "canon pack: naruto", key: "Leaf Village", where: "request" },
      { name: "Kakashi", kind: "character", source: "story", key: "Kakashi", where: "story" },
    ]);
    expect(preview.json().text).toContain("- Kakashi (character): This story's Kakashi.");
    expect(preview.json().text).not.toContain("The pack's Kakashi.");
    expect(preview.json().summary).toContain("2 lorebook entries");

    // A change is seen at once (the lorebook cache checks the database's fingerprint on every use).
    await call("PATCH", `/api/lore/${own.json().id}`, cookie, { description: "Changed." });
    const again = await call("POST", "/api/marin/context", cookie, {
      kind: "generate",
      storyId: story.id,
      prompt: "A scene by the gate",
    });
    expect(again.json().text).toContain("- Kakashi (character): Changed.");
    expect(again.json().lore.map((l: { name: string }) => l.name)).toEqual(["Kakashi"]);
    await db().delete(loreEntries).where(eq(loreEntries.id, own.json().id));
    const packs = await call("POST", "/api/marin/context", cookie, {
      kind: "generate",
      storyId: story.id,
      prompt: "A scene by the gate",
    });
    expect(packs.json().text).toContain("- KAKASHI (character): The pack's Kakashi.");
  });

  it("proposes the characters story memory found to Plus writers, to accept or dismiss for good", async () => {
    const plus = await createVerifiedUserWithSession(db(), { isPremium: true });
    const story = await createStory(db(), {
      authorId: plus.user.id,
      content: MEMORY_STORY_HTML,
      characters: MEMORY_STORY_CHARACTERS,
    });
    const url = `/api/stories/${story.id}/lore`;
    const proposed = async () =>
      ((await call("GET", url, plus.cookie)).json().proposals as { name: string }[]).map((p) => p.name);
    const first = (await call("GET", url, plus.cookie)).json().proposals;
    expect(first).toContainEqual(expect.objectContaining({ name: "Ren", kind: "character" }));
    expect(first.find((p: { name: string }) => p.name === "Mika").description).toMatch(/sister/i);
    expect(first.find((p: { name: string }) => p.name === "Corvin Ash").keys).toEqual(["Corvin"]);

    const accepted = await call("POST", url, plus.cookie, {
      kind: "character",
      name: "Ren Vale",
      keys: ["the swordsman"],
      description: "Stoic swordsman of the northern pass.",
      proposal: "Ren",
    });
    expect(accepted.statusCode).toBe(201);
    expect(await call("POST", `${url}/proposals/dismiss`, plus.cookie, { name: "Corvin Ash" })).toMatchObject({
      statusCode: 204,
    });
    const left = await proposed();
    expect(left).not.toContain("Ren");
    expect(left).not.toContain("Corvin Ash");
    expect(left).toContain("Mika");
    // Accepted then deleted: still answered, so not proposed again.
    await call("DELETE", `/api/lore/${accepted.json().id}`, plus.cookie);
    expect(await proposed()).not.toContain("Ren");

    const free = await createVerifiedUserWithSession(db());
    const freeStory = await createStory(db(), { authorId: free.user.id, content: MEMORY_STORY_HTML });
    const freeUrl = `/api/stories/${freeStory.id}/lore`;
    expect((await call("GET", freeUrl, free.cookie)).json().proposals).toBeNull();
    expect((await call("POST", `${freeUrl}/proposals/dismiss`, free.cookie, { name: "Ren" })).statusCode).toBe(403);
    expect((await call("POST", freeUrl, free.cookie, { ...pip, proposal: "Pip" })).statusCode).toBe(403);
  });

  it("exports the writer's story and pack entries, and deletes a story's lorebook when the story is orphaned", async () => {
    const { user, cookie } = await createVerifiedUserWithSession(db());
    const story = await createStory(db(), { authorId: user.id, published: true, publishedAt: new Date() });
    await call("POST", `/api/stories/${story.id}/lore`, cookie, pip);
    await packEntry((await pack(user.id, "Bleach")).id, "Ichigo", [], "A substitute.");
    const other = await createVerifiedUserWithSession(db());
    await packEntry((await pack(other.user.id, "Bleach")).id, "Rukia", [], "Not theirs.");
    const exported = await loreExportPage(db(), user.id, 0, 100);
    expect(exported.map((e) => [e.name, e.storyTitle, e.fandom])).toEqual([
      ["Pip Marlow", story.title, null],
      ["Ichigo", null, "Bleach"],
    ]);

    // The packs themselves go in canon-packs.json.
    expect(await canonPackExportPage(db(), user.id, 0, 100)).toEqual([
      expect.objectContaining({ fandom: "Bleach", publishedAt: null, copiedFrom: null, entryCount: 1 }),
    ]);

    await removeAccount(db(), user, "orphan");
    expect(await db().select().from(loreEntries).where(eq(loreEntries.storyId, story.id))).toEqual([]);
  });
});
