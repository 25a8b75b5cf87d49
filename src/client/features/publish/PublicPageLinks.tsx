// Where a published story can be read: 'View public page' and 'Copy link' (the publish toast, the editor's header and
// the details page). A mature story has no public page (mature stories are never on the open web), so it says so
// and copies the in-app reader's link instead, which asks for an account and applies the rating.
import { Check, ExternalLink, Link2 } from "lucide-react";
import type { StoryView } from "../../../shared/schemas/story";
import { cn } from "../../lib/cn";
import { shareUrl, useCopyLink } from "../reader/share-link";

export const NO_PUBLIC_PAGE = "Mature stories have no public page: readers 18+ open them in the app.";

type Story = Pick<StoryView, "id" | "title" | "published" | "publicPath">;

const linkClass =
  "inline-flex min-h-8 cursor-pointer items-center gap-1 rounded-md px-1.5 font-semibold text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300";

export function PublicPageLinks({ story, className }: { story: Story; className?: string }) {
  const { copied, copy } = useCopyLink();
  if (!story.published) return null;
  const url = shareUrl(window.location.origin, story);
  return (
    <div className={cn("flex flex-wrap items-center gap-x-1 gap-y-1 text-sm", className)} data-testid="public-links">
      {story.publicPath ? (
        <a href={story.publicPath} target="_blank" rel="noopener" className={linkClass}>
          <ExternalLink className="h-3.5 w-3.5" aria-hidden /> View public page
        </a>
      ) : (
        <span className="px-1.5 text-slate-600">{NO_PUBLIC_PAGE}</span>
      )}
      <button type="button" onClick={() => void copy(url)} className={linkClass} aria-live="polite">
        {copied ? <Check className="h-3.5 w-3.5" aria-hidden /> : <Link2 className="h-3.5 w-3.5" aria-hidden />}
        {copied ? "Link copied!" : story.publicPath ? "Copy link" : "Copy app link"}
      </button>
    </div>
  );
}
