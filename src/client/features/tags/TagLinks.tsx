// A story's tags as the reader and Discover cards show them: rating, status, warnings, then each tag linking to its
// public page (/t/{tag}, rendered by the server).
import { contentRatingLabel, storyStatusLabel, tagPath } from "../../../shared/tagging";
import { cn } from "../../lib/cn";

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

/** The compact line a Discover card shows. */
export function CardTags({ story, more }: { story: TaggedStory; more: number }) {
  const names = [...story.relationships, ...story.characterTags, ...story.freeformTags];
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Rating, status and tags" data-testid="card-tags">
      <RatingStatusChips story={story} />
      {story.warnings
        .filter((w) => w !== "No archive warnings apply")
        .map((warning) => (
          <li key={warning} className={cn(CHIP, "bg-red-50 text-red-800")}>
            {warning}
          </li>
        ))}
      {names.map((name) => (
        <li key={name}>
          <TagLink name={name} />
        </li>
      ))}
      {more > 0 && <li className={cn(CHIP, "text-slate-500")}>+{more} more</li>}
    </ul>
  );
}
