// 'Find characters and places' (FicForge Plus, issue 32 section 2): Marin reads the story now and proposes entries for
// the writer to accept, edit or dismiss. Characters come from story memory (proposals.ts, brought up to date with the
// story first); places from the text (lore-places.ts). What the lorebook already knows (its own and its canon packs'
// names and keys) and what the writer answered before are never proposed; a dismissed name stays dismissed.
import { eq } from "drizzle-orm";
import type { LoreProposal } from "../../shared/schemas/lore";
import type { Db } from "../db/client";
import { loreProposalAnswers, stories } from "../db/schema";
import { storyLore, type LoreStory } from "./load";
import { findPlaces } from "./lore-places";
import { storyProposals } from "./proposals";

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

export async function findCharactersAndPlaces(db: Db, story: LoreStory): Promise<LoreProposal[]> {
  const { entries, canon } = await storyLore(db, story);
  const lore = [...entries, ...canon];
  const characters = await storyProposals(db, story.id, lore);
  const [row] = await db.select({ content: stories.content }).from(stories).where(eq(stories.id, story.id));
  const answered = await db
    .select({ name: loreProposalAnswers.name })
    .from(loreProposalAnswers)
    .where(eq(loreProposalAnswers.storyId, story.id));
  // A place is left out when any of its words is a name or key already known, or a character just proposed.
  const known = new Set(
    [...lore.flatMap((entry) => [entry.name, ...entry.keys]), ...characters.map((c) => c.name)].flatMap(words),
  );
  const said = new Set(answered.map((a) => a.name));
  const excluded = (name: string) => said.has(name.toLowerCase()) || words(name).some((word) => known.has(word));
  return [...characters, ...findPlaces(row?.content ?? "", excluded)];
}
