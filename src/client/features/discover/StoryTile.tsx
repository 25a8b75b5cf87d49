// One published story in Discover: cover (or a placeholder), title, author and the story's tags as chips (each filters
// Discover by itself). The whole card opens the reader (the title's link stretched over it); the author's name and
// the chips are links of their own, above it. A badge names the work's AI label (none for human-written work).
import { ANONYMOUS_CREATOR } from "../../../shared/anonymous";
import { BookOpen, Heart } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { CoCreatorLinks } from "../co-creators/CoCreatorLinks";
import { ROUTES } from "../../../shared/routes";
import type { PublishedStoryItem } from "../../../shared/schemas/reading";
import { Skeleton } from "../../components/ui/skeleton";
import { AiBadge } from "../ai/AiBadge";
import { CardTags } from "../tags/TagLinks";
import { readerState } from "../reader/back-link";
import { parseFilters } from "./filters";
import { LanguageName } from "./LanguageName";
import { useReaderSettings } from "../reader-settings/queries";

function Cover({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        onError={() => setBroken(true)}
        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
      />
    );
  }
  return (
    <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-100 via-brand-50 to-pink-100 text-brand-300">
      <BookOpen className="h-10 w-10" aria-hidden />
    </div>
  );
}

export function StoryTile({ story }: { story: PublishedStoryItem }) {
  // Issue 33: an anonymous work's creator is 'Anonymous', a name nobody may hold: shown without a link.
  const name = story.author?.username?.trim();
  const linked = name && name !== ANONYMOUS_CREATOR ? name : undefined;
  const [path] = useLocation();
  const search = useSearch();
  const { hideTags } = useReaderSettings();
  return (
    <article
      data-testid="discover-story"
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="aspect-[3/2] overflow-hidden bg-brand-50">
        <Cover src={story.coverImage} />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3
          className="line-clamp-2 font-semibold leading-snug text-ink group-hover:text-brand-700"
          lang={story.language}
        >
          <Link
            href={ROUTES.read(story.id)}
            state={readerState(path, search)}
            className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-400"
          >
            {story.title}
          </Link>
        </h3>
        <p className="truncate text-sm text-slate-500">
          by{" "}
          {linked ? (
            // A plain link above the stretched one: the author page is the server's (/u/{name}), not a client route.
            <a
              href={ROUTES.author(linked)}
              className="relative z-10 underline decoration-slate-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-400"
              data-testid="discover-author"
            >
              {name}
            </a>
          ) : (
            name || "Unknown Author"
          )}
          <CoCreatorLinks
            coCreators={story.coCreators}
            testId="discover-co-creator"
            className="relative z-10 underline decoration-slate-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-400"
          />
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <LanguageName code={story.language} className="text-xs text-slate-500" />
          <AiBadge label={story.aiLabel} aiShare={story.aiShare} />
        </div>
        {story.contentRating ? (
          <CardTags story={story} more={story.moreTags ?? 0} nsfw={parseFilters(search).nsfw} hidden={hideTags} />
        ) : null}
        {story.likeCount > 0 && (
          <p className="mt-auto flex items-center gap-1 pt-2 text-xs text-slate-500">
            <Heart className="h-3.5 w-3.5" aria-hidden />
            <span>
              {story.likeCount} {story.likeCount === 1 ? "like" : "likes"}
            </span>
          </p>
        )}
      </div>
    </article>
  );
}

export function StoryTileSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-brand-100" data-testid="discover-skeleton">
      <Skeleton className="aspect-[3/2] rounded-none" />
      <div className="space-y-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="mt-3 h-4 w-1/2" />
      </div>
    </div>
  );
}
