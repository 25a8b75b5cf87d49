// /dashboard/discover: every published story, searchable and filtered, loaded page by page as the reader scrolls
// (a 'Load more' button does the same for keyboard users).
import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import type { AiFilter } from "../../../shared/ai-label";
import { AiFilterField } from "../../../shared/schemas/reading";
import { useReadingPreferences } from "../ai/queries";
import { useAuth } from "../auth/auth-context";
import { HiddenByAi } from "./AiFilterGroup";
import { DiscoverEmpty } from "./DiscoverEmpty";
import { DiscoverFilterBar } from "./DiscoverFilterBar";
import { EmptiedBy } from "./EmptiedBy";
import { alwaysInForce, DEFAULT_FILTERS, hasNarrowingFilters, languagesInForce } from "./filters";
import { nsfwGate, visibleItems } from "./nsfw-gate";
import { useDiscoverBrowse } from "./queries";
import { StoryTile, StoryTileSkeleton } from "./StoryTile";
import { useUrlFilters } from "./use-url-filters";
import { DiscoverDefaults } from "./DiscoverDefaults";
import { ALL_LANGUAGES } from "../../../shared/languages";
import { SavedFilters } from "./SavedFilters";
import { useReaderDefaults } from "./saved-filters-queries";

const GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";
const SKELETONS = 8;
const RESULTS_HEADING_ID = "discover-results-heading";
export const NO_MATCHES_MESSAGE = "No stories match your search";

export function DiscoverBrowse() {
  const { user } = useAuth();
  const { filters, setFilters } = useUrlFilters();
  const gate = nsfwGate({ isPremium: Boolean(user?.isPremium), wanted: filters.nsfw });
  // Issue 31: the reader's languages and 'Always exclude' join the URL's filters (said on the page, one click off).
  const reader = useReaderDefaults(Boolean(user));
  const query = useDiscoverBrowse(filters, gate.param, reader.defaults, reader.ready);
  const stories = visibleItems(query.data?.pages.flatMap((page) => page.items) ?? [], gate);
  // The reader's AI preference, which the server applies when the URL says nothing: the filter shows it in force.
  const preferences = useReadingPreferences(Boolean(user));
  const aiPreference = AiFilterField.safeParse(preferences.data?.ai).data;
  const hiddenByAi = query.data?.pages.reduce((sum, page) => sum + (page.hiddenByAi ?? 0), 0) ?? 0;
  const narrowed =
    hasNarrowingFilters(filters, aiPreference) ||
    languagesInForce(filters, reader.defaults).length > 0 ||
    alwaysInForce(filters, reader.defaults) !== null;

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6 lg:p-8">
      <header>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Discover</h1>
        <p className="mt-1 text-slate-600">Find stories by title, tag or fandom.</p>
      </header>
      <DiscoverFilterBar filters={filters} gate={gate} onChange={setFilters} aiPreference={aiPreference} />
      {user && <SavedFilters filters={filters} saved={reader.savedFilters} />}
      <DiscoverDefaults
        filters={filters}
        reader={reader.defaults}
        languagesFrom={reader.languagesFrom}
        onChange={setFilters}
      />
      {!query.isPending && <HiddenByAi count={hiddenByAi} onShow={() => setFilters({ ai: "any" })} />}
      <p role="status" className="sr-only">
        {query.isPending ? "Loading stories" : query.isError ? "" : `${stories.length} stories shown`}
      </p>
      {query.isPending ? (
        <ul className={GRID} aria-busy="true" aria-label="Loading stories">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li key={i}>
              <StoryTileSkeleton />
            </li>
          ))}
        </ul>
      ) : query.isError && stories.length === 0 ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : stories.length === 0 ? (
        <DiscoverEmpty
          message={narrowed ? NO_MATCHES_MESSAGE : gate.emptyMessage}
          offerUpgrade={!narrowed && gate.offerUpgrade}
        >
          {narrowed && <EmptiedBy filters={filters} nsfw={gate.param} onChange={setFilters} aiDefault={aiPreference} />}
          {narrowed && (
            <Button
              size="sm"
              variant="outline"
              // Issue 31: every work, so every language and without the 'Always exclude' for this search too.
              onClick={() =>
                setFilters({
                  ...DEFAULT_FILTERS,
                  nsfw: filters.nsfw,
                  ai: clearedAi(aiPreference),
                  ...(languagesInForce(filters, reader.defaults).length > 0 ? { languages: [ALL_LANGUAGES] } : {}),
                  ...(alwaysInForce(filters, reader.defaults) ? { always: false } : {}),
                })
              }
            >
              Clear filters
            </Button>
          )}
        </DiscoverEmpty>
      ) : (
        <>
          {/* The tiles' titles are h3s, as under the dashboard's h2; this keeps the outline free of a skipped level. */}
          <h2 id={RESULTS_HEADING_ID} className="sr-only">
            Stories
          </h2>
          <ul
            className={cn(GRID, query.isPlaceholderData && "opacity-60 transition-opacity")}
            aria-labelledby={RESULTS_HEADING_ID}
            aria-busy={query.isPlaceholderData}
            data-testid="discover-results"
          >
            {stories.map((story) => (
              <li key={story.id}>
                <StoryTile story={story} />
              </li>
            ))}
          </ul>
          {!query.isPlaceholderData && <MoreStories query={query} />}
        </>
      )}
    </div>
  );
}

function MoreStories({ query }: { query: ReturnType<typeof useDiscoverBrowse> }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  useEffect(() => {
    const node = sentinel.current;
    // NOTE: after a failed page, scrolling does not retry on its own; the button does.
    if (!node || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) fetchNextPage();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return (
    <div ref={sentinel} className="flex flex-col items-center gap-3 pb-4">
      {isFetchingNextPage && (
        <ul className={`${GRID} w-full`} aria-hidden>
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <Skeleton className="aspect-[4/3]" />
            </li>
          ))}
        </ul>
      )}
      {isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-600">
          Couldn't load more stories. {errorMessage(query.error, "")}
        </p>
      )}
      {hasNextPage ? (
        <Button variant="outline" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage && <Spinner className="h-4 w-4" />}
          {isFetchNextPageError ? "Try again" : "Load more"}
        </Button>
      ) : (
        <p className="text-sm text-slate-500">You've reached the end.</p>
      )}
    </div>
  );
}

/** 'Clear filters' shows every work: over a narrowing preference that takes `ai=any` in the URL. */
const clearedAi = (preference: AiFilter | undefined) => (preference && preference !== "any" ? "any" : null);

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-8 text-center"
      data-testid="discover-error"
    >
      <p className="font-medium text-red-800">Couldn't load stories</p>
      <p className="mt-1 text-sm text-red-700">{errorMessage(error)}</p>
      <Button className="mt-4" size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
