// The offline store against an in-memory IndexedDB (fake-indexeddb): one account's works at a time, listed for that
// account only, emptied for another account and at sign-out, with the app's precache left alone.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { claimOfflineData, getWork, listWorks, readOwner, removeWork, savedSize, saveWork } from "./offline-store";

const ALICE = { id: 1, username: "alice" };
const BOB = { id: 2, username: "bob" };

const story = (id: number, content = "<p>Rain.</p>"): ReadStoryView =>
  ({
    id,
    title: `Work ${id}`,
    content,
    author: { username: "writer" },
    updatedAt: "2026-01-01T00:00:00.000Z",
  }) as ReadStoryView;

beforeEach(async () => {
  vi.stubGlobal("caches", undefined);
  await claimOfflineData(null);
});
afterEach(() => vi.unstubAllGlobals());

describe("works saved for offline", () => {
  it("keeps the text and cover with their size, latest first, and removes one", async () => {
    const cover = new Blob([new Uint8Array(1000)], { type: "image/webp" });
    await saveWork(ALICE, story(7, "<p>Ünïcode ✓</p>"), cover, new Date("2026-02-01T10:00:00Z"));
    await saveWork(ALICE, story(8), null, new Date("2026-02-02T10:00:00Z"));
    const works = await listWorks(ALICE.id);
    expect(works.map((w) => w.storyId)).toEqual([8, 7]);
    const [, first] = works;
    expect(first?.size).toBe(new TextEncoder().encode(JSON.stringify(story(7, "<p>Ünïcode ✓</p>"))).length + 1000);
    expect(first?.size).toBe(savedSize(story(7, "<p>Ünïcode ✓</p>"), cover));
    expect(first?.cover?.size).toBe(1000);
    expect((await getWork(ALICE.id, 7))?.story.content).toBe("<p>Ünïcode ✓</p>");
    await removeWork(ALICE.id, 7);
    expect((await listWorks(ALICE.id)).map((w) => w.storyId)).toEqual([8]);
  });

  it("saving again refreshes the copy and its date, never duplicates it", async () => {
    await saveWork(ALICE, story(7, "<p>Old.</p>"), null, new Date("2026-02-01T10:00:00Z"));
    await saveWork(ALICE, story(7, "<p>New chapter.</p>"), null, new Date("2026-03-01T10:00:00Z"));
    const works = await listWorks(ALICE.id);
    expect(works).toHaveLength(1);
    expect(works[0]?.story.content).toBe("<p>New chapter.</p>");
    expect(works[0]?.savedAt).toBe("2026-03-01T10:00:00.000Z");
  });

  it("never shows one account's works to another: saving for another account empties the store first", async () => {
    await saveWork(ALICE, story(7), null);
    expect(await listWorks(BOB.id)).toEqual([]);
    expect(await getWork(BOB.id, 7)).toBeUndefined();
    await saveWork(BOB, story(9), null);
    expect(await listWorks(ALICE.id)).toEqual([]);
    expect((await listWorks(BOB.id)).map((w) => w.storyId)).toEqual([9]);
    expect(await readOwner()).toEqual(BOB);
  });

  it("a session for the same account keeps them; another account or signing out clears works, owner and caches", async () => {
    const deleted: string[] = [];
    vi.stubGlobal("caches", {
      keys: async () => ["workbox-precache-v2-http://localhost/", "ficforge-covers", "other"],
      delete: async (name: string) => deleted.push(name),
    });
    await saveWork(ALICE, story(7), null);
    await claimOfflineData(ALICE.id);
    expect(await listWorks(ALICE.id)).toHaveLength(1);
    expect(deleted).toEqual([]);

    await claimOfflineData(BOB.id);
    expect(await listWorks(ALICE.id)).toEqual([]);
    expect(await readOwner()).toBeUndefined();
    expect(deleted).toEqual(["ficforge-covers", "other"]);

    await saveWork(ALICE, story(7), null);
    await claimOfflineData(null);
    expect(await listWorks(ALICE.id)).toEqual([]);
    expect(await readOwner()).toBeUndefined();
  });
});
