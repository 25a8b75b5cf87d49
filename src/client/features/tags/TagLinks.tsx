// A story's tags as the reader and Discover cards show them. The reader's link to each tag's public page (/t/{tag},
// rendered by the server); a card's link to Discover filtered by the chip.
import { useState } from "react";
import { Link } from "wouter";
import { READER_LABELS } from "../../../shared/schemas/reader-settings";
import { type ChipSource, type StoryChip, storyChips } from "../../../shared/story-chips";
import { contentRatingLabel, storyStatusLabel, tagPath } from "../../../shared/tagging";
import { cn } from "../../lib/cn";
import { chipHref } from "../discover/active-filters";

export interface TaggedStory {
  contentRating: string;
  status: string;
  warnings: readonly string[];
  relationships: readonly string[];
  characterTags: readonly string[];
  freeformTags: readonly string[];
  tags: readonly string[];
}

const CHIP = "rounded-full px-2 py-0.5 text-xs font-medium";

export function RatingStatusChips({ story }: { story: Pick<TaggedStory, "contentRating" | "status"> }) {
  return (
    <>
      <li className={cn(CHIP, "bg-slate-100 text-slate-700")} data-testid="story-rating">
        {contentRatingLabel(story.contentRating)}
      </li>
      <li
        className={cn(
          CHIP,
          story.status === "complete" ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900",
        )}
        data-testid="story-status"
      >
        {storyStatusLabel(story.status)}
      </li>
    </>
  );
}

export function TagLink({ name, className }: { name: string; className?: string }) {
  // A plain link: tag pages are the server's, not client routes.
  return (
    <a
      href={tagPath(name)}
      className={cn(CHIP, "relative z-10 bg-brand-50 text-brand-800 hover:bg-brand-100 hover:underline", className)}
    >
      {name}
    </a>
  );
}

const CARD_CHIP: Record<StoryChip["kind"], string> = {
  rating: "bg-slate-100 text-slate-700 hover:bg-slate-200",
  warning: "bg-red-50 text-red-800 hover:bg-red-100",
  fandom: "bg-sky-50 text-sky-800 hover:bg-sky-100",
  relationship: "bg-brand-50 text-brand-800 hover:bg-brand-100",
  character: "bg-brand-50 text-brand-800 hover:bg-brand-100",
  tag: "bg-brand-50 text-brand-800 hover:bg-brand-100",
  status: "bg-emerald-50 text-emerald-800 hover:bg-emerald-100",
};

/** Issue 31: what a reader who hides warnings and tags sees in their place; 'show' reveals them here only. */
export function TagsHiddenButton({ onShow }: { onShow: () => void }) {
  return (
    <button
      type="button"
      onClick={onShow}
      className="relative z-10 mt-1.5 w-max rounded text-xs font-semibold text-brand-700 underline decoration-brand-200 underline-offset-2 hover:text-brand-900"
      data-testid="tags-hidden"
    >
      {READER_LABELS.tagsHidden}
    </button>
  );
}

/** The chips a reader who hides tags does not see until they choose: warnings and every kind of tag. */
const HIDEABLE = new Set<StoryChip["kind"]>(["warning", "relationship", "character", "tag"]);

/**
 * The line a card shows: the story's tags in AO3's order, each a link to Discover filtered by it (so a chip finds the
 * story it sits on). Links above the card's stretched title link. `hidden` (the reader's 'Hide warnings and tags
 * until I choose') leaves out the warnings and tags until the reader asks for this card's.
 */
export function CardTags({
  story,
  more,
  nsfw,
  hidden = false,
}: {
  story: ChipSource;
  more: number;
  nsfw: boolean;
  hidden?: boolean;
}) {
  const [shown, setShown] = useState(false);
  const all = storyChips(story);
  const hiding = hidden && !shown && (more > 0 || all.some((chip) => HIDEABLE.has(chip.kind)));
  const chips = hiding ? all.filter((chip) => !HIDEABLE.has(chip.kind)) : all;
  return (
    <>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Rating, warnings and tags" data-testid="card-tags">
        {chips.map((chip) => (
          <li key={`${chip.kind}:${chip.value}`}>
            <Link
              href={chipHref(chip, nsfw)}
              className={cn(CHIP, "relative z-10 inline-block hover:underline", CARD_CHIP[chip.kind])}
              data-kind={chip.kind}
            >
              {chip.label}
            </Link>
          </li>
        ))}
        {more > 0 && !hiding && <li className={cn(CHIP, "text-slate-500")}>+{more} more</li>}
      </ul>
      {hiding && <TagsHiddenButton onShow={() => setShown(true)} />}
    </>
  );
}
