// Autocomplete for tag inputs: GET /api/tags?q=&kind= (tags stories already carry, one spelling each).
import { useQuery } from "@tanstack/react-query";
import type { LabelKind } from "../../../shared/tagging";

export const tagSuggestionsKey = (q: string, kind?: LabelKind) => ["/api/tags", { q, kind }] as const;

export function useTagSuggestions(q: string, kind?: LabelKind) {
  const needle = q.trim();
  const query = useQuery<string[]>({
    queryKey: tagSuggestionsKey(needle, kind),
    enabled: needle.length > 0,
    staleTime: 30_000,
  });
  return needle.length > 0 && Array.isArray(query.data) ? query.data : [];
}
