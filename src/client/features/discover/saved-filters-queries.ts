// Issue 31: the reader's saved Discover filters (/api/saved-filters) and what their defaults add to Discover: their
// languages (the setting, else the browser's) and their 'Always exclude'.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_LANGUAGE, languagesOf } from "../../../shared/languages";
import { exclusionsOf, type SavedFilter } from "../../../shared/schemas/saved-filters";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { useReadingPreferences } from "../ai/queries";
import type { ReaderDefaults } from "./filters";

export function useSavedFilters(enabled: boolean) {
  return useQuery<SavedFilter[]>({ queryKey: queryKeys.savedFilters, enabled });
}

function useSavedFiltersChange<V>(request: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, V>({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedFilters }),
  });
}

export const useSaveFilter = () =>
  useSavedFiltersChange((body: { name: string; query: string }) =>
    apiJson<SavedFilter>("POST", "/api/saved-filters", body),
  );

export const useUpdateSavedFilter = () =>
  useSavedFiltersChange(({ id, ...body }: { id: number; name?: string; isDefault?: boolean }) =>
    apiJson<SavedFilter>("PATCH", `/api/saved-filters/${id}`, body),
  );

export const useDeleteSavedFilter = () =>
  useSavedFiltersChange((id: number) => apiRequest("DELETE", `/api/saved-filters/${id}`));

/** The browser's languages on FicForge's list (navigator.languages), English when none is. */
export function browserLanguages(): string[] {
  const tags = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  const found = languagesOf(tags.filter((t): t is string => typeof t === "string"));
  return found.length > 0 ? found : [DEFAULT_LANGUAGE];
}

/**
 * What the reader's own defaults add to Discover, and whether they are known yet (a signed-in reader's come from
 * the server: the list waits for them rather than loading twice). Signed out: the browser's languages, no
 * 'Always exclude'.
 */
export function useReaderDefaults(signedIn: boolean): {
  defaults: ReaderDefaults;
  ready: boolean;
  savedFilters: SavedFilter[];
  /** Whose languages these are, for the line that names them. */
  languagesFrom: "settings" | "browser";
} {
  const preferences = useReadingPreferences(signedIn);
  const saved = useSavedFilters(signedIn);
  const chosen = signedIn ? preferences.data?.languages : null;
  const list = Array.isArray(saved.data) ? saved.data.filter((f) => typeof f?.query === "string") : [];
  const always = list.find((f) => f.isDefault);
  return {
    defaults: {
      languages: chosen && chosen.length > 0 ? chosen : browserLanguages(),
      always: always ? exclusionsOf(always.query) : null,
    },
    // NOTE: a failed load does not hold Discover back: it goes on with the browser's languages.
    ready: !signedIn || ((!preferences.isPending || preferences.isError) && (!saved.isPending || saved.isError)),
    savedFilters: list,
    languagesFrom: chosen && chosen.length > 0 ? "settings" : "browser",
  };
}
