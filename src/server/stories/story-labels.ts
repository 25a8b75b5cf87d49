// A story's free-form tags: written under their canonical keys (one spelling per tag, the first one written, or the
// catalogue's own), read back in the author's order with the stories that carry them.
import { eq, sql } from "drizzle-orm";
import { catalogueTag, type LabelKind, type StoryLabels, TAG_LIMITS, TAG_MESSAGES, tagKey } from "../../shared/tagging";
import type { Db } from "../db/client";
import { freeTags, storyFreeTags } from "../db/schema";
import { AppError } from "../errors";

/** [kind, canonical name] pairs as the query gives them. */
export type LabelPairs = [LabelKind, string][];

// NOTE: a correlated subquery, as tagNames (stories/story-queries.ts): one query for a story or a page of them.
export const labelPairs = sql<LabelPairs>`coalesce((
  select json_agg(json_build_array(l.kind, f.name) order by l.kind, l.position)
  from story_free_tags l join free_tags f on f.key = l.key
  where l.story_id = "stories"."id"
), '[]'::json)`;

const FIELD: Record<LabelKind, keyof StoryLabels> = {
  relationship: "relationships",
  character: "characterTags",
  freeform: "freeformTags",
};

export function toLabels(pairs: LabelPairs | null | undefined): StoryLabels {
  const labels: StoryLabels = { relationships: [], characterTags: [], freeformTags: [] };
  for (const [kind, name] of pairs ?? []) labels[FIELD[kind]]?.push(name);
  return labels;
}

/** Each list without repeats (two spellings of one key are one tag; the first is kept). */
function uniqueByKey(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = tagKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The lists the story will carry: the ones sent, the story's own for the others; 400 past the limit. */
export function mergeLabels(current: StoryLabels, sent: Partial<StoryLabels>): StoryLabels {
  const next: StoryLabels = {
    relationships: uniqueByKey(sent.relationships ?? current.relationships),
    characterTags: uniqueByKey(sent.characterTags ?? current.characterTags),
    freeformTags: uniqueByKey(sent.freeformTags ?? current.freeformTags),
  };
  const count = next.relationships.length + next.characterTags.length + next.freeformTags.length;
  if (count > TAG_LIMITS.maxFreeform) {
    throw new AppError(400, "VALIDATION", TAG_MESSAGES.many, { fields: { freeformTags: TAG_MESSAGES.many } });
  }
  return next;
}

/** Replaces the story's free-form tags (call inside the write's transaction). */
export async function replaceStoryLabels(db: Db, storyId: number, labels: StoryLabels): Promise<void> {
  await db.delete(storyFreeTags).where(eq(storyFreeTags.storyId, storyId));
  const rows: (typeof storyFreeTags.$inferInsert)[] = [];
  const spellings = new Map<string, string>();
  for (const kind of Object.keys(FIELD) as LabelKind[]) {
    labels[FIELD[kind]].forEach((name, position) => {
      const key = tagKey(name);
      if (!spellings.has(key)) spellings.set(key, catalogueTag(name) ?? name);
      rows.push({ storyId, kind, key, position });
    });
  }
  if (rows.length === 0) return;
  // NOTE: the first spelling of a key stays its name; a later one (another case) links to it.
  await db
    .insert(freeTags)
    .values([...spellings].map(([key, name]) => ({ key, name })))
    .onConflictDoNothing({ target: freeTags.key });
  await db.insert(storyFreeTags).values(rows);
}

/** Every free-form tag name, for the story's search text. */
export const labelNames = (labels: StoryLabels) => [
  ...labels.relationships,
  ...labels.characterTags,
  ...labels.freeformTags,
];

interface TaggingInput {
  rating?: string;
  warnings?: string[];
  status?: string;
}

/** The story columns a publish or details save sets from the tagging fields it sent (absent ones are kept). */
export function taggingColumns(body: TaggingInput): { contentRating?: string; warnings?: string[]; status?: string } {
  return {
    ...(body.rating === undefined ? {} : { contentRating: body.rating }),
    ...(body.warnings === undefined ? {} : { warnings: body.warnings }),
    ...(body.status === undefined ? {} : { status: body.status }),
  };
}

/** The lists a body sent, or undefined when it sent none (the story's tags are then left alone). */
export function sentLabels(body: {
  relationships?: string[];
  characterTags?: string[];
  freeformTags?: string[];
}): Partial<StoryLabels> | undefined {
  const { relationships, characterTags, freeformTags } = body;
  if (relationships === undefined && characterTags === undefined && freeformTags === undefined) return undefined;
  return { relationships, characterTags, freeformTags };
}
