// Marin's story memory (a FicForge Plus perk): per story, the characters with their traits and relationships and a
// running summary of earlier chapters. Built from the story itself without a model, so it costs nothing and works
// with every provider; rebuilt in the background after a premium author's save (each generation is saved into the
// story), and stored with the story version it was built from.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stories, storyMemories } from "../db/schema";
import type { MemoryCharacter } from "./context-block";
import { extractCharacters } from "./memory-characters";
import { summarizeChapters } from "./memory-summary";
import { storyChapters } from "./memory-text";

export interface StoryMemory {
  characters: MemoryCharacter[];
  summary: string | null;
}

/** What the memory is built from. */
export interface MemorySource {
  content: string;
  characters: unknown;
}

export function buildStoryMemory(story: MemorySource): StoryMemory {
  const chapters = storyChapters(story.content);
  const characters = extractCharacters({
    characters: story.characters,
    paragraphs: chapters.flatMap((chapter) => chapter.paragraphs),
  });
  const names = new Set(characters.flatMap((c) => c.name.split(" ")));
  return { characters, summary: summarizeChapters(chapters, names) };
}

function parseCharacters(value: unknown): MemoryCharacter[] {
  if (!Array.isArray(value)) return [];
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  return value
    .filter((c): c is Record<string, unknown> => typeof c === "object" && c !== null && typeof c.name === "string")
    .map((c) => ({ name: c.name as string, traits: strings(c.traits), relationships: strings(c.relationships) }));
}

/**
 * Builds and stores the memory unless the stored one is already from the story's current version. The write is
 * conditional on the version, so a slow refresh that read an older story never replaces a newer memory.
 * Answers whether it stored one.
 */
export async function refreshStoryMemory(db: Db, storyId: number): Promise<boolean> {
  const [row] = await db
    .select({
      version: stories.version,
      content: stories.content,
      characters: stories.characters,
      memoryVersion: storyMemories.storyVersion,
    })
    .from(stories)
    .leftJoin(storyMemories, eq(storyMemories.storyId, stories.id))
    .where(eq(stories.id, storyId));
  if (!row || (row.memoryVersion ?? -1) >= row.version) return false;
  return storeStoryMemory(db, storyId, row.version, buildStoryMemory(row));
}

export async function storeStoryMemory(
  db: Db,
  storyId: number,
  version: number,
  memory: StoryMemory,
): Promise<boolean> {
  const values = {
    characters: memory.characters,
    summary: memory.summary,
    storyVersion: version,
    updatedAt: new Date(),
  };
  const stored = await db
    .insert(storyMemories)
    .values({ storyId, ...values })
    .onConflictDoUpdate({
      target: storyMemories.storyId,
      set: values,
      where: sql`${storyMemories.storyVersion} < excluded.story_version`,
    })
    .returning({ storyId: storyMemories.storyId });
  return stored.length > 0;
}

/**
 * The story's memory for the prompt, null when the story does not exist. A memory missing or older than the story
 * (a story written before its author upgraded, a refresh still running) is built first: it takes milliseconds.
 */
export async function loadStoryMemory(db: Db, storyId: number): Promise<StoryMemory | null> {
  const read = () =>
    db
      .select({ version: stories.version, memory: storyMemories })
      .from(stories)
      .leftJoin(storyMemories, eq(storyMemories.storyId, stories.id))
      .where(eq(stories.id, storyId));
  let [row] = await read();
  if (!row) return null;
  if (!row.memory || row.memory.storyVersion < row.version) {
    await refreshStoryMemory(db, storyId);
    [row] = await read();
    if (!row?.memory) return null;
  }
  return { characters: parseCharacters(row.memory.characters), summary: row.memory.summary };
}
