// Works a reader saved for offline, in this browser's IndexedDB (through idb): the reader's answer for the work and its
// cover, keyed by the account that saved them. The store holds one account's works at a time: saving for another
// account, or a different account signing in, empties it first; signing out empties it (clearOfflineData).
// Framework-free; queries.ts wraps it for React.
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { ReadStoryView } from "../../../shared/schemas/reading";

/** The account whose works the store holds: enough of the signed-in user to open the app without a network. */
export interface OfflineOwner {
  id: number;
  username: string;
}

export interface SavedWork<Owner extends OfflineOwner = OfflineOwner> {
  ownerId: Owner["id"];
  storyId: number;
  story: ReadStoryView;
  cover: Blob | null;
  /** ISO time of the save (or of the last refresh from the network). */
  savedAt: string;
  /** Bytes kept: the work's text and data as stored, and the cover. */
  size: number;
}

interface OfflineSchema<Owner extends OfflineOwner> extends DBSchema {
  works: { key: [number, number]; value: SavedWork<Owner>; indexes: { byOwner: number } };
  owner: { key: "owner"; value: Owner };
}

const DB_NAME = "ficforge-offline";
/** Workbox's precache holds the built app only, the same for every visitor; it is not a reader's data. */
const PRECACHE_PREFIX = "workbox-precache";

let opened: Promise<IDBPDatabase<OfflineSchema<OfflineOwner>>> | undefined;

function db<Owner extends OfflineOwner>(): Promise<IDBPDatabase<OfflineSchema<Owner>>> {
  opened ??= openDB<OfflineSchema<OfflineOwner>>(DB_NAME, 1, {
    upgrade(database) {
      const works = database.createObjectStore("works", { keyPath: ["ownerId", "storyId"] });
      works.createIndex("byOwner", "ownerId");
      database.createObjectStore("owner");
    },
  }).catch((error) => {
    opened = undefined;
    throw error;
  });
  return opened as unknown as Promise<IDBPDatabase<OfflineSchema<Owner>>>;
}

/** The bytes a saved work takes: its data as JSON (UTF-8) and its cover. */
export function savedSize(story: ReadStoryView, cover: Blob | null): number {
  return new TextEncoder().encode(JSON.stringify(story)).length + (cover?.size ?? 0);
}

/** Keeps `story` (and its cover) for `owner`; a store holding another account's works is emptied first. */
export async function saveWork<Owner extends OfflineOwner>(
  owner: Owner,
  story: ReadStoryView,
  cover: Blob | null,
  now = new Date(),
): Promise<SavedWork<Owner>> {
  const tx = (await db<Owner>()).transaction(["works", "owner"], "readwrite");
  const holder = await tx.objectStore("owner").get("owner");
  if (holder && holder.id !== owner.id) await tx.objectStore("works").clear();
  await tx.objectStore("owner").put(owner, "owner");
  const work: SavedWork<Owner> = {
    ownerId: owner.id,
    storyId: story.id,
    story,
    cover,
    savedAt: now.toISOString(),
    size: savedSize(story, cover),
  };
  await tx.objectStore("works").put(work);
  await tx.done;
  return work;
}

/** The account's saved works, the latest saved first; none of another account's. */
export async function listWorks(ownerId: number): Promise<SavedWork[]> {
  const works = await (await db()).getAllFromIndex("works", "byOwner", ownerId);
  return works.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function getWork(ownerId: number, storyId: number): Promise<SavedWork | undefined> {
  return (await db()).get("works", [ownerId, storyId]);
}

export async function removeWork(ownerId: number, storyId: number): Promise<void> {
  await (await db()).delete("works", [ownerId, storyId]);
}

/** The account the saved works belong to, used when the app opens without a network. */
export async function readOwner<Owner extends OfflineOwner>(): Promise<Owner | undefined> {
  return (await db<Owner>()).get("owner", "owner");
}

/**
 * A session begins for `userId` (null: signed out): unless it is the account the store holds, every saved work and
 * every cache but the app's own precache is deleted.
 */
export async function claimOfflineData(userId: number | null): Promise<void> {
  if (userId !== null && (await readOwner())?.id === userId) return;
  await clearOfflineData();
}

export async function clearOfflineData(): Promise<void> {
  const tx = (await db()).transaction(["works", "owner"], "readwrite");
  await Promise.all([tx.objectStore("works").clear(), tx.objectStore("owner").clear(), tx.done]);
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => caches.delete(name)));
}
