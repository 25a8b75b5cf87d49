// When filters leave Discover empty: which one did it (the filter whose removal alone brings stories back), with a
// button that removes it. One small request per filter in force, asked only for an empty list.
import { useQueries } from "@tanstack/react-query";
import type { AiFilter } from "../../../shared/ai-label";
import type { PublishedStoryItem } from "../../../shared/schemas/reading";
import { Button } from "../../components/ui/button";
import { queryKeys } from "../../lib/query-keys";
import { narrowingFilters } from "./active-filters";
import { type DiscoverFilters, filtersToParams } from "./filters";

export const emptiedByMessage = (label: string) => `The filter '${label}' left no stories.`;

export function EmptiedBy({
  filters,
  nsfw,
  onChange,
  aiDefault,
}: {
  filters: DiscoverFilters;
  nsfw: "1" | undefined;
  onChange: (change: Partial<DiscoverFilters>) => void;
  /** The reader's AI preference, in force when the URL says nothing. */
  aiDefault?: AiFilter;
}) {
  const candidates = narrowingFilters(filters, aiDefault);
  const probes = useQueries({
    queries: candidates.map((candidate) => ({
      queryKey: queryKeys.published(filtersToParams({ ...filters, ...candidate.remove }, nsfw, 1)),
      staleTime: 30_000,
    })),
  });
  const culprits = candidates.filter((_, i) => {
    const data = probes[i]?.data as PublishedStoryItem[] | undefined;
    return Array.isArray(data) && data.length > 0;
  });
  if (culprits.length === 0) return null;
  return (
    <ul className="w-full space-y-2" data-testid="emptied-by">
      {culprits.map((culprit) => (
        <li key={culprit.id} className="flex flex-wrap items-center justify-center gap-2 text-sm text-slate-700">
          <span>{emptiedByMessage(culprit.label)}</span>
          <Button size="sm" onClick={() => onChange(culprit.remove)}>
            Remove '{culprit.label}'
          </Button>
        </li>
      ))}
    </ul>
  );
}
