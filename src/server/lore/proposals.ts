// Marin's lorebook proposals (FicForge Plus): the characters story memory found that the lorebook does not know yet
// and the writer has not answered. Nothing enters the lorebook unseen: a proposal becomes an entry only when the
// writer accepts it (as is or edited); a dismissed one is remembered and never proposed again.
import { eq } from "drizzle-orm";
import type { LoreProposal } from "../../shared/schemas/lore";
import type { Db } from "../db/client";
import { loreProposalAnswers } from "../db/schema";
import type { MemoryCharacter } from "../ai/context-block";
import { loadStoryMemory } from "../ai/memory";

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const contains = (outer: string[], inner: string[]) =>
  inner.length > 0 && outer.some((_, i) => inner.every((word, k) => outer[i + k] === word));

/** True when a name or key already covers the character: 'Pip' and 'Pip Marlow' are the same person here. */
function known(character: string, names: string[][]): boolean {
  const name = words(character);
  return names.some((key) => contains(key, name) || contains(name, key));
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function proposalFor(character: MemoryCharacter): LoreProposal {
  // NOTE: an archetype and the writer's notes may both give a trait ('Stoic', 'stoic swordsman' and 'stoic').
  const seen = new Set<string>();
  const details = [...character.traits, ...character.relationships].filter((detail) => {
    const folded = detail.toLowerCase();
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
  const [first, ...rest] = character.name.split(" ");
  return {
    name: character.name,
    kind: "character",
    keys: rest.length > 0 && first && first.length >= 2 ? [first] : [],
    description: details.length > 0 ? `${capitalise(details.join(", "))}.` : "A character in this story.",
  };
}

/** The proposals for a story, given every name and key its lorebook (own and canon) already has. */
export async function storyProposals(db: Db, storyId: number, lore: { name: string; keys: string[] }[]) {
  const memory = await loadStoryMemory(db, storyId);
  if (!memory) return [];
  const answered = new Set(
    (
      await db
        .select({ name: loreProposalAnswers.name })
        .from(loreProposalAnswers)
        .where(eq(loreProposalAnswers.storyId, storyId))
    ).map((row) => row.name),
  );
  const names = lore.flatMap((entry) => [entry.name, ...entry.keys]).map(words);
  return memory.characters.filter((c) => !answered.has(c.name.toLowerCase()) && !known(c.name, names)).map(proposalFor);
}

export async function dismissProposal(db: Db, storyId: number, name: string): Promise<void> {
  await db
    .insert(loreProposalAnswers)
    .values({ storyId, name: name.trim().toLowerCase(), answer: "dismissed" })
    .onConflictDoUpdate({
      target: [loreProposalAnswers.storyId, loreProposalAnswers.name],
      set: { answer: "dismissed" },
    });
}
