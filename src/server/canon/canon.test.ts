// Canon packs through the real app: a writer's packs and entries, publishing, browsing others' packs, and copying
// one (a copy, never a live link); blocked, muted and suspended owners' packs stay out of sight.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { CANON_MESSAGES, type CanonEntry, type CanonPack } from "../../shared/schemas/canon";
import { LORE_MESSAGES } from "../../shared/schemas/lore";
import { canonPacks, loreEntries, userBlocks, users } from "../db/schema";
import { describeEachDb, send } from "../test/app";
import { createStory, createVerifiedUserWithSession, type UserWithSession } from "../test/factories";

const PIP = {
  kind: "character",
  name: "Pip Marlow",
  keys: ["Pip", "the thief"],
  description: "A thief, Mika's sister.",
};
const DOCKS = { kind: "place", name: "The Docks", keys: ["docks"], description: "Where the ships come in." };

describeEachDb("canon packs", (ctx) => {
  const db = () => ctx().database.db;
  const writer = () => createVerifiedUserWithSession(db());
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, who?: UserWithSession, body?: unknown) =>
    send(ctx().app, method, url, body, who ? { cookie: who.cookie } : {});
  const createPack = async (who: UserWithSession, fandom: string) => {
    const res = await call("POST", "/api/canon-packs", who, { fandom });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CanonPack;
  };
  const addEntry = async (who: UserWithSession, packId: number, body: unknown = PIP) => {
    const res = await call("POST", `/api/canon-packs/${packId}/lore`, who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CanonEntry;
  };
  const entryNames = async (who: UserWithSession, packId: number) =>
    ((await call("GET", `/api/canon-packs/${packId}/lore`, who)).json().entries as CanonEntry[]).map((e) => e.name);
  const browse = async (who: UserWithSession, fandom?: string) => {
    const query = fandom ? `&fandom=${encodeURIComponent(fandom)}` : "";
    const res = await call("GET", `/api/canon-packs?published=1${query}`, who);
    expect(res.statusCode).toBe(200);
    return res.json().packs as { id: number; ownerUsername: string; entryCount: number }[];
  };
  /** A's published pack with two entries, in a fandom of its own. */
  const publishedPack = async (fandom = `Fandom ${Math.random().toString(36).slice(2, 8)}`) => {
    const owner = await writer();
    const pack = await createPack(owner, fandom);
    await addEntry(owner, pack.id, PIP);
    await addEntry(owner, pack.id, DOCKS);
    expect((await call("POST", `/api/canon-packs/${pack.id}/publish`, owner)).statusCode).toBe(200);
    return { owner, pack, fandom };
  };

  it("lists a writer's packs with entry counts, the stories each applies to and the fandoms still without one", async () => {
    const me = await writer();
    // An older row holds its fandoms as text; suggestions take the spelling of the most recently updated story.
    await createStory(db(), { authorId: me.user.id, title: "Old row", fandoms: "naruto, One Piece" });
    const naruto = await createStory(db(), { authorId: me.user.id, title: "Leaf", fandoms: ["Naruto", "Bleach"] });
    await createStory(db(), { fandoms: ["Naruto"] }); // someone else's

    expect((await call("GET", "/api/canon-packs")).statusCode).toBe(401);
    const before = (await call("GET", "/api/canon-packs", me)).json();
    expect(before).toEqual({ packs: [], suggestedFandoms: ["Naruto", "Bleach", "One Piece"] });

    const pack = await createPack(me, "  NARUTO ");
    expect([pack.fandom, pack.entryCount, pack.publishedAt, pack.copiedFrom]).toEqual(["NARUTO", 0, null, null]);
    expect(pack.stories.map((s) => s.title).sort()).toEqual(["Leaf", "Old row"]);
    await addEntry(me, pack.id);

    // One pack per fandom, whatever the case; bad input is a 400 naming the rule.
    const again = await call("POST", "/api/canon-packs", me, { fandom: "naruto" });
    expect([again.statusCode, again.json().message]).toEqual([409, CANON_MESSAGES.packExists]);
    for (const [body, message] of [
      [{ fandom: " \u200B " }, CANON_MESSAGES.fandomRequired],
      [{ fandom: "x".repeat(81) }, CANON_MESSAGES.fandomTooLong],
      [{}, CANON_MESSAGES.fandomRequired],
    ] as const) {
      const bad = await call("POST", "/api/canon-packs", me, body);
      expect([bad.statusCode, bad.json().message]).toEqual([400, message]);
    }

    const after = (await call("GET", "/api/canon-packs", me)).json();
    expect(after.suggestedFandoms).toEqual(["Bleach", "One Piece"]);
    expect(after.packs).toHaveLength(1);
    expect(after.packs[0]).toMatchObject({ id: pack.id, entryCount: 1 });
    expect(after.packs[0].stories.map((s: { id: number }) => s.id)).toContain(naruto.id);
  });

  it("adds, edits and deletes entries; refuses bad entries, a repeated name and another writer's pack", async () => {
    const [me, other] = [await writer(), await writer()];
    const pack = await createPack(me, "Bleach");
    const entry = await addEntry(me, pack.id, { ...PIP, keys: ["Pip", "pip", " the thief "] });
    expect([entry.kind, entry.name, entry.keys, entry.description]).toEqual([
      "character",
      "Pip Marlow",
      ["Pip", "the thief"],
      PIP.description,
    ]);

    // The lorebook's rules and messages (schemas/lore.ts), as for a story's entry.
    for (const [body, message] of [
      [{ ...PIP, keys: ["P"] }, LORE_MESSAGES.keyTooShort],
      [{ ...PIP, keys: ["k".repeat(61)] }, LORE_MESSAGES.keyTooLong],
      [{ ...PIP, keys: Array.from({ length: 21 }, (_, i) => `key ${i}`) }, LORE_MESSAGES.tooManyKeys],
      [{ ...PIP, description: "d".repeat(1001) }, LORE_MESSAGES.descriptionTooLong],
      [{ ...PIP, description: "  " }, LORE_MESSAGES.descriptionRequired],
      [{ ...PIP, name: " \u200B " }, LORE_MESSAGES.nameRequired],
      [{ ...PIP, name: "n".repeat(81) }, LORE_MESSAGES.nameTooLong],
      [{ ...PIP, kind: "spell" }, undefined],
      [{ ...PIP, keys: "Pip" }, undefined],
    ] as const) {
      const bad = await call("POST", `/api/canon-packs/${pack.id}/lore`, me, body);
      expect(bad.statusCode).toBe(400);
      if (message) expect(bad.json().message).toBe(message);
    }
    const clash = await call("POST", `/api/canon-packs/${pack.id}/lore`, me, { ...DOCKS, name: "pip marlow" });
    expect([clash.statusCode, clash.json().message]).toEqual([409, CANON_MESSAGES.nameTaken]);
    // Two at once with one name: the pack's lock lets one in.
    const raced = await Promise.all([
      call("POST", `/api/canon-packs/${pack.id}/lore`, me, DOCKS),
      call("POST", `/api/canon-packs/${pack.id}/lore`, me, { ...DOCKS, name: "the docks" }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    // Edits and deletions go through the lorebook's one path, with the pack's rules.
    const edited = await call("PATCH", `/api/lore/${entry.id}`, me, {
      description: "Mika's sister, reformed.",
      keys: ["Pip"],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Pip Marlow", keys: ["Pip"], description: "Mika's sister, reformed." });
    const empty = await call("PATCH", `/api/lore/${entry.id}`, me, {});
    expect([empty.statusCode, empty.json().message]).toEqual([400, "Nothing to change"]);
    const renamed = await call("PATCH", `/api/lore/${entry.id}`, me, { name: "THE DOCKS" });
    expect([renamed.statusCode, renamed.json().message]).toEqual([409, CANON_MESSAGES.nameTaken]);
    // Two renames at once to one name: the pack's lock lets one in.
    const docks = (await call("GET", `/api/canon-packs/${pack.id}/lore`, me)).json().entries as CanonEntry[];
    const other1 = docks.find((e) => e.id !== entry.id)!;
    const renames = await Promise.all([
      call("PATCH", `/api/lore/${entry.id}`, me, { name: "Harbour" }),
      call("PATCH", `/api/lore/${other1.id}`, me, { name: "harbour" }),
    ]);
    expect(renames.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await call("PATCH", `/api/lore/${entry.id}`, me, { name: "Pip Marlow" });
    await call("PATCH", `/api/lore/${other1.id}`, me, { name: "The Docks" });
    // The old routes under the pack are gone.
    expect((await call("PATCH", `/api/canon-packs/${pack.id}/lore/${entry.id}`, me, { name: "X" })).statusCode).toBe(
      404,
    );

    // Another writer cannot read, add to, edit or delete in an unpublished pack: 404, as for no pack at all.
    for (const [method, url, body] of [
      ["GET", `/api/canon-packs/${pack.id}/lore`, undefined],
      ["POST", `/api/canon-packs/${pack.id}/lore`, DOCKS],
      ["POST", `/api/canon-packs/${pack.id}/publish`, undefined],
      ["POST", `/api/canon-packs/${pack.id}/copy`, undefined],
      ["DELETE", `/api/canon-packs/${pack.id}`, undefined],
    ] as const) {
      const res = await call(method, url, other, body);
      expect([method, url, res.statusCode, res.json().message]).toEqual([
        method,
        url,
        404,
        CANON_MESSAGES.packNotFound,
      ]);
    }
    for (const [method, body] of [
      ["PATCH", { name: "Mine now" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(method, `/api/lore/${entry.id}`, other, body);
      expect([method, res.statusCode, res.json().message]).toEqual([method, 404, LORE_MESSAGES.notFound]);
    }
    expect((await call("GET", "/api/canon-packs/abc/lore", me)).statusCode).toBe(404);
    expect((await call("PATCH", "/api/lore/999999", me, { name: "X1" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/lore/${entry.id}`, me)).statusCode).toBe(204);
    expect(await entryNames(me, pack.id)).toEqual(["The Docks"]);
    // Deleting the pack deletes its entries.
    expect((await call("DELETE", `/api/canon-packs/${pack.id}`, me)).statusCode).toBe(204);
    expect(await db().select().from(loreEntries).where(eq(loreEntries.canonPackId, pack.id))).toEqual([]);
  });

  it("publishes and unpublishes; others browse a fandom's published packs with the owner and entry count", async () => {
    const owner = await writer();
    const fandom = "Avatar: The Last Airbender";
    const pack = await createPack(owner, fandom);
    const empty = await call("POST", `/api/canon-packs/${pack.id}/publish`, owner);
    expect([empty.statusCode, empty.json().message]).toEqual([400, CANON_MESSAGES.publishEmpty]);
    await addEntry(owner, pack.id);
    const published = await call("POST", `/api/canon-packs/${pack.id}/publish`, owner);
    expect(published.json().publishedAt).toEqual(expect.any(String));

    const reader = await writer();
    expect(await browse(reader, "avatar: the last airbender")).toEqual([
      { id: pack.id, fandom, ownerUsername: owner.user.username, entryCount: 1, publishedAt: expect.any(String) },
    ]);
    expect((await browse(reader)).map((p) => p.id)).toContain(pack.id);
    expect(await browse(reader, "Naruto")).not.toContainEqual(expect.objectContaining({ id: pack.id }));
    // The owner's own packs are not offered back to them.
    expect((await browse(owner, fandom)).map((p) => p.id)).not.toContain(pack.id);
    expect(await entryNames(reader, pack.id)).toEqual(["Pip Marlow"]);

    const unpublished = await call("POST", `/api/canon-packs/${pack.id}/unpublish`, owner);
    expect(unpublished.json().publishedAt).toBeNull();
    expect(await browse(reader, fandom)).toEqual([]);
    expect((await call("GET", `/api/canon-packs/${pack.id}/lore`, reader)).statusCode).toBe(404);
    expect((await call("POST", `/api/canon-packs/${pack.id}/copy`, reader)).statusCode).toBe(404);
  });

  it("copies a pack's entries into the copier's own pack: a copy that later edits on either side never touch", async () => {
    const { owner, pack, fandom } = await publishedPack();
    const copier = await writer();
    await createStory(db(), { authorId: copier.user.id, title: "Mine", fandoms: [fandom.toLowerCase()] });

    // Copying into a pack made for the occasion.
    const first = await call("POST", `/api/canon-packs/${pack.id}/copy`, copier);
    expect(first.statusCode, first.body).toBe(201);
    const result = first.json();
    expect([result.copied, result.skipped]).toEqual([2, []]);
    expect(result.pack).toMatchObject({
      fandom,
      entryCount: 2,
      publishedAt: null,
      copiedFrom: { id: pack.id, fandom, ownerUsername: owner.user.username },
    });
    expect(result.pack.stories.map((s: { title: string }) => s.title)).toEqual(["Mine"]);
    const [row] = await db().select().from(canonPacks).where(eq(canonPacks.id, result.pack.id));
    expect(row!.copiedFromId).toBe(pack.id);
    const mine = result.pack.id as number;
    expect(await entryNames(copier, mine)).toEqual(["Pip Marlow", "The Docks"]);

    // The original's owner edits and adds; the copy stays as copied. Copying again skips the names it has.
    const [ownersPip] = (await call("GET", `/api/canon-packs/${pack.id}/lore`, owner)).json().entries as CanonEntry[];
    await call("PATCH", `/api/lore/${ownersPip!.id}`, owner, { description: "Now a queen." });
    await addEntry(owner, pack.id, { kind: "item", name: "The Key", keys: [], description: "Opens the vault." });
    const copiedPip = ((await call("GET", `/api/canon-packs/${mine}/lore`, copier)).json().entries as CanonEntry[])[0];
    expect(copiedPip!.description).toBe(PIP.description);
    const second = (await call("POST", `/api/canon-packs/${pack.id}/copy`, copier)).json();
    expect([second.copied, second.skipped, second.pack.id]).toEqual([
      1,
      [
        { name: "Pip Marlow", reason: "exists" },
        { name: "The Docks", reason: "exists" },
      ],
      mine,
    ]);
    // The copier's edits stay theirs too.
    await call("PATCH", `/api/lore/${copiedPip!.id}`, copier, { name: "Pip" });
    expect(await entryNames(owner, pack.id)).toEqual(["Pip Marlow", "The Docks", "The Key"]);

    // Copying one's own pack is refused; the original's deletion leaves the copy whole, without the credit.
    const own = await call("POST", `/api/canon-packs/${pack.id}/copy`, owner);
    expect([own.statusCode, own.json().message]).toEqual([400, CANON_MESSAGES.copyOwn]);
    await call("DELETE", `/api/canon-packs/${pack.id}`, owner);
    const list = (await call("GET", "/api/canon-packs", copier)).json().packs as CanonPack[];
    expect(list.map((p) => [p.id, p.entryCount, p.copiedFrom])).toEqual([[mine, 3, null]]);
  });

  it("shows Marin a pack's changes at once, whichever route made them (the lorebook cache)", async () => {
    const me = await writer();
    const fandom = `Fandom ${Math.random().toString(36).slice(2, 8)}`;
    const story = await createStory(db(), { authorId: me.user.id, fandoms: [fandom], content: "<p>Night fell.</p>" });
    const seen = async () => {
      const res = await call("POST", "/api/marin/context", me, {
        kind: "generate",
        storyId: story.id,
        prompt: "Pip sneaks past the docks",
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().lore as { name: string }[]).map((use) => use.name).sort();
    };
    const pack = await createPack(me, fandom);
    expect(await seen()).toEqual([]);
    const pip = await addEntry(me, pack.id, PIP);
    expect(await seen()).toEqual(["Pip Marlow"]);
    await call("PATCH", `/api/lore/${pip.id}`, me, { name: "Pip the Fox" });
    expect(await seen()).toEqual(["Pip the Fox"]);
    await call("DELETE", `/api/lore/${pip.id}`, me);
    expect(await seen()).toEqual([]);
    const { pack: theirs } = await publishedPack(fandom);
    expect((await call("POST", `/api/canon-packs/${theirs.id}/copy`, me)).statusCode).toBe(201);
    expect(await seen()).toEqual(["Pip Marlow", "The Docks"]);
    expect((await call("DELETE", `/api/canon-packs/${pack.id}`, me)).statusCode).toBe(204);
    expect(await seen()).toEqual([]);
  });

  it("hides packs whose owner blocks the viewer, whom the viewer blocks or mutes, or who is suspended", async () => {
    const viewer = await writer();
    const cases = {
      theyBlock: await publishedPack(),
      iBlock: await publishedPack(),
      iMute: await publishedPack(),
      suspended: await publishedPack(),
      theyMute: await publishedPack(),
    };
    await db()
      .insert(userBlocks)
      .values([
        { userId: cases.theyBlock.owner.user.id, otherId: viewer.user.id, kind: "block" },
        { userId: viewer.user.id, otherId: cases.iBlock.owner.user.id, kind: "block" },
        { userId: viewer.user.id, otherId: cases.iMute.owner.user.id, kind: "mute" },
        { userId: cases.theyMute.owner.user.id, otherId: viewer.user.id, kind: "mute" },
      ]);
    await db()
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, cases.suspended.owner.user.id));

    const shown = (await browse(viewer)).map((p) => p.id);
    for (const [name, { pack, fandom }] of Object.entries(cases)) {
      const visible = name === "theyMute";
      expect([name, shown.includes(pack.id)]).toEqual([name, visible]);
      expect([name, (await browse(viewer, fandom)).length]).toEqual([name, visible ? 1 : 0]);
      if (visible) continue;
      expect((await call("GET", `/api/canon-packs/${pack.id}/lore`, viewer)).statusCode).toBe(404);
      expect((await call("POST", `/api/canon-packs/${pack.id}/copy`, viewer)).statusCode).toBe(404);
    }
  });
});
