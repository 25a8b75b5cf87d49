// A story's tags as the reader and Discover cards show them. The reader's link to each tag's public page (/t/{tag},
// rendered by the server); a card's link to Discover filtered by the chip.
import { Link } from "wouter";
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

/**
 * The line a card shows: the story's tags in AO3's order, each a link to Discover filtered by it (so a chip finds the
 * story it sits on). Links above the card's stretched title link.
 */
export function CardTags({ story, more, nsfw }: { story: ChipSource; more: number; nsfw: boolean }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Rating, warnings and tags" data-testid="card-tags">
      {storyChips(story).map((chip) => (
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
      {more > 0 && <li className={cn(CHIP, "text-slate-500")}>+{more} more</li>}
    </ul>
  );
}
