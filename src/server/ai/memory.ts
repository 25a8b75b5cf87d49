// PLACEHOLDER until story memory lands (helper "memory"): no memory yet, so premium prompts carry none.
import type { Db } from "../db/client";
import type { MemoryCharacter } from "./context-block";

export async function loadStoryMemory(
  _db: Db,
  _storyId: number,
): Promise<{ characters: MemoryCharacter[]; summary: string | null } | null> {
  return null;
}
