// One card of the My Stories carousel: cover, title, last update, state, and its three actions.
import { BookOpen, MessageSquare, PenLine, Settings2, Trash2, Users } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { StoryListItem } from "../../../shared/schemas/story";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useUnseenFeedback } from "../feedback/queries";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export function formatUpdated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : `Updated ${dateFormat.format(date)}`;
}

export function StoryCard({ story, onDelete }: { story: StoryListItem; onDelete: (story: StoryListItem) => void }) {
  const editorHref = ROUTES.story(story.id);
  const unseen = useUnseenFeedback(story.id);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link href={editorHref} className="group relative block aspect-[3/2] overflow-hidden bg-brand-50" tabIndex={-1}>
        {story.coverImage ? (
          <img
            src={story.coverImage}
            alt=""
            loading="lazy"
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <div className="flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-100 via-brand-50 to-pink-100 text-brand-400">
            <BookOpen className="h-10 w-10" aria-hidden />
            <span className="text-xs font-medium uppercase tracking-wide text-brand-500">No cover yet</span>
          </div>
        )}
        <span
          className={cn(
            "absolute left-3 top-3 rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm",
            story.published ? "bg-emerald-600 text-white" : "bg-white/90 text-slate-700",
          )}
        >
          {story.published ? "Published" : "Draft"}
        </span>
        {unseen > 0 ? (
          <span
            className="absolute right-3 top-3 inline-flex items-center gap-1 rounded-full bg-pink-600 px-2.5 py-0.5 text-xs font-semibold text-white shadow-sm"
            data-testid="card-unseen"
          >
            <MessageSquare className="h-3.5 w-3.5" aria-hidden />
            {unseen} new
            <span className="sr-only">{unseen === 1 ? " comment" : " comments"}</span>
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="line-clamp-2 font-semibold text-ink">
          <Link href={editorHref} className="hover:text-brand-700 hover:underline">
            {story.title}
          </Link>
        </h3>
        <p className="text-xs text-slate-500">
          {formatUpdated(story.updatedAt)}
          {story.coWritten ? (
            <span
              className="ml-2 inline-flex items-center gap-1 font-semibold text-brand-700"
              data-testid="card-co-written"
            >
              <Users className="h-3.5 w-3.5" aria-hidden /> Co-written
            </span>
          ) : null}
        </p>
        <div className="mt-auto flex items-center gap-2 pt-3">
          <Button asChild size="sm" className="flex-1">
            <Link href={editorHref} aria-label={`Open ${story.title} in the editor`}>
              <PenLine className="h-4 w-4" aria-hidden /> Open
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline" className="flex-1">
            <Link href={`${editorHref}/details`} aria-label={`Customize ${story.title}`}>
              <Settings2 className="h-4 w-4" aria-hidden /> Customize
            </Link>
          </Button>
          {/* Only its creator deletes a co-written work; a co-creator may leave it from its details. */}
          {story.coWritten ? null : (
            <Button
              size="icon"
              variant="ghost"
              className="h-8 w-8 text-red-600 hover:bg-red-50"
              aria-label={`Delete ${story.title}`}
              onClick={() => onDelete(story)}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
