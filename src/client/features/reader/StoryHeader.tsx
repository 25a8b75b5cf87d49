// The top of the reader: cover (or 'No cover image'), title, 'by' author, reading time, the AI label badge,
// description and the fandom and mood chips.
import { CoCreatorLinks } from "../co-creators/CoCreatorLinks";
import { ImageOff } from "lucide-react";
import type { ReactNode } from "react";
import { ROUTES } from "../../../shared/routes";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { cn } from "../../lib/cn";
import { measuredLabel } from "../../../shared/ai-label";
import { AiBadge } from "../ai/AiBadge";
import { readingTime, storyChips } from "./reader-meta";
import { UpdatedDate } from "./UpdatedDate";
import { GiftLines } from "../gifts/GiftLines";
import { SeriesParts } from "../series/SeriesParts";
import { LanguageName } from "../discover/LanguageName";

export const UNKNOWN_AUTHOR = "Unknown Author";

export function StoryHeader({ story, actions }: { story: ReadStoryView; actions: ReactNode }) {
  const chips = storyChips(story.fandoms, story.moods);
  const minutes = readingTime(story.wordCount);
  const author = story.author?.username?.trim() || UNKNOWN_AUTHOR;

  return (
    <header className="grid gap-6 sm:grid-cols-[minmax(0,10rem)_1fr] sm:items-start lg:grid-cols-[minmax(0,13rem)_1fr] lg:gap-8">
      {story.coverImage ? (
        <img
          src={story.coverImage}
          alt={`Cover of ${story.title}`}
          className="mx-auto w-full max-w-[14rem] rounded-2xl border border-brand-100 bg-brand-50 object-contain shadow-md sm:max-w-none"
          data-testid="reader-cover"
        />
      ) : (
        <div
          className="mx-auto flex aspect-[4/5] w-full max-w-[10rem] flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-brand-200 bg-brand-50 text-sm text-slate-600 sm:max-w-none"
          data-testid="reader-no-cover"
        >
          <ImageOff className="h-8 w-8 text-brand-300" aria-hidden />
          No cover image
        </div>
      )}
      <div className="min-w-0 space-y-3">
        <h1
          className="reader-title break-words text-3xl font-bold leading-tight text-ink sm:text-4xl"
          lang={story.language}
        >
          {story.title}
        </h1>
        <p className="text-slate-600">
          by{" "}
          {story.author?.username?.trim() && !story.anonymous ? (
            // A plain link: the author page is the server's (/u/{name}), not a client route.
            <a
              href={ROUTES.author(story.author.username)}
              rel="author"
              className="font-semibold text-ink underline decoration-brand-200 underline-offset-4 hover:text-brand-700 hover:decoration-brand-400"
              data-testid="reader-author"
            >
              {author}
            </a>
          ) : (
            <span className="font-semibold text-ink" data-testid="reader-author">
              {author}
            </span>
          )}
          <CoCreatorLinks
            coCreators={story.coCreators}
            testId="reader-co-creator"
            className="font-semibold text-ink underline decoration-brand-200 underline-offset-4 hover:text-brand-700 hover:decoration-brand-400"
          />
        </p>
        <GiftLines story={story} />
        <SeriesParts parts={story.series} />
        {minutes || story.aiLabel || story.aiShare > 0 ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
            {minutes ? <span data-testid="reader-reading-time">{minutes}</span> : null}
            <AiBadge
              label={story.aiLabel ?? measuredLabel(story.wordCount, Math.round(story.aiShare * story.wordCount))}
              aiShare={story.aiShare}
            />
            <UpdatedDate at={story.lastChapterAt} />
            <LanguageName code={story.language} />
          </p>
        ) : null}
        {story.description ? (
          <p className="reader-description whitespace-pre-line text-slate-700" lang={story.language}>
            {story.description}
          </p>
        ) : null}
        {chips.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Fandoms and moods" data-testid="reader-chips">
            {chips.map((chip) => (
              <li
                key={`${chip.kind}:${chip.label}`}
                className={cn(
                  "rounded-full px-3 py-1 text-xs font-medium",
                  chip.kind === "fandom" ? "bg-brand-100 text-brand-800" : "bg-pink-50 text-pink-700",
                )}
              >
                {chip.label}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="pt-1">{actions}</div>
      </div>
    </header>
  );
}
