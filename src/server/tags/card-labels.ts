// What a Discover card carries of a story's tagging: rating, warnings, status, words, and the first free-form tags.
import { TAG_LIMITS } from "../../shared/tagging";
import { presentTagging } from "../stories/present";
import type { LabelPairs } from "../stories/story-labels";

interface CardRow {
  contentRating: string;
  warnings: string[];
  status: string;
  labels: LabelPairs;
  wordCount: number;
}

/** A card's free-form tags: the first TAG_LIMITS.cardTags (relationships first), so a page stays small. */
export function cardLabels(row: CardRow) {
  const { contentRating, warnings, status, ...labels } = presentTagging(row);
  let room: number = TAG_LIMITS.cardTags;
  const take = (list: string[]) => {
    const kept = list.slice(0, Math.max(0, room));
    room -= kept.length;
    return kept;
  };
  const total = labels.relationships.length + labels.characterTags.length + labels.freeformTags.length;
  const relationships = take(labels.relationships);
  const characterTags = take(labels.characterTags);
  const freeformTags = take(labels.freeformTags);
  return {
    contentRating,
    warnings,
    status,
    wordCount: Number(row.wordCount),
    relationships,
    characterTags,
    freeformTags,
    moreTags: total - TAG_LIMITS.cardTags + Math.max(0, room),
  };
}
