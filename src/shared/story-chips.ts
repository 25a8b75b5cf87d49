// The chips a story card shows, in AO3's order: rating, warnings, fandoms, relationships, characters, then the other
// tags (catalogue and free-form), and the status last. Each chip names the filter that finds it, so what a card
// shows is what clicking it finds. Discover's cards and the server's tag and author pages all build them here.
import { contentRatingLabel, NO_WARNINGS, storyStatusLabel, tagKey, tagSpelling } from "./tagging";

export type ChipKind = "rating" | "warning" | "fandom" | "relationship" | "character" | "tag" | "status";

export interface StoryChip {
  kind: ChipKind;
  /** What the chip reads. */
  label: string;
  /** What its filter is given: the rating or status id, otherwise the label. */
  value: string;
}

export interface ChipSource {
  contentRating: string;
  warnings: readonly string[];
  fandoms: readonly string[];
  relationships: readonly string[];
  characterTags: readonly string[];
  /** The catalogue tags. */
  tags: readonly string[];
  freeformTags: readonly string[];
  status: string;
}

export function storyChips(story: ChipSource): StoryChip[] {
  const chips: StoryChip[] = [
    { kind: "rating", label: contentRatingLabel(story.contentRating), value: story.contentRating },
  ];
  // One chip per name whatever its kind (a free-form tag spelled like a fandom or a catalogue tag is that one).
  const seen = new Set<string>();
  const add = (kind: ChipKind, names: readonly string[]) => {
    for (const raw of names) {
      const label = tagSpelling(raw);
      if (!label || seen.has(tagKey(label))) continue;
      seen.add(tagKey(label));
      chips.push({ kind, label, value: label });
    }
  };
  // NOTE: 'No archive warnings apply' says nothing a reader filters on; AO3 readers skip it too.
  add(
    "warning",
    story.warnings.filter((w) => w !== NO_WARNINGS),
  );
  add("fandom", story.fandoms);
  add("relationship", story.relationships);
  add("character", story.characterTags);
  add("tag", [...story.tags, ...story.freeformTags]);
  chips.push({ kind: "status", label: storyStatusLabel(story.status), value: story.status });
  return chips;
}
