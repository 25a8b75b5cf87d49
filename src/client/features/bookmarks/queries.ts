// Issue 30: bookmarks that say something (note, tags, rec, private) and Mark for Later. Keys from lib/query-keys.ts.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BookmarkDetails,
  BookmarkItem,
  BookmarkState,
  LaterItem,
  LaterState,
} from "../../../shared/schemas/reading";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

/** Saved Stories, filtered by one of the reader's bookmark tags and/or recs only. */
export function useSavedBookmarks(filter: { tag?: string; rec?: boolean }) {
  return useQuery<BookmarkItem[]>({
    queryKey: queryKeys.savedBookmarks({
      tag: filter.tag,
      rec: filter.rec === undefined ? undefined : String(filter.rec),
    }),
  });
}

/** PUT /api/stories/{id}/bookmark: bookmarks the work if needed and saves what the bookmark says. */
export function useSaveBookmark(id: string | number) {
  const queryClient = useQueryClient();
  return useMutation<BookmarkState, Error, BookmarkDetails>({
    mutationFn: (details) => apiJson<BookmarkState>("PUT", `/api/stories/${id}/bookmark`, details),
    onSuccess: async (state) => {
      queryClient.setQueryData(queryKeys.bookmark(id), state);
      await queryClient.invalidateQueries({ queryKey: queryKeys.bookmarks });
    },
  });
}

export function useLaterList(enabled = true) {
  return useQuery<LaterItem[]>({ queryKey: queryKeys.later, enabled });
}

export function useLaterState(id: string | number, signedIn: boolean) {
  return useQuery<LaterState>({ queryKey: queryKeys.laterOf(id), enabled: signedIn });
}

/** Marks the work for later (`later: true`) or takes it off the list ('Mark as read'). */
export function useSetLater(id: string | number) {
  const queryClient = useQueryClient();
  return useMutation<LaterState, Error, boolean>({
    mutationFn: (later) => apiJson<LaterState>(later ? "PUT" : "DELETE", `/api/stories/${id}/later`),
    onSuccess: async (state) => {
      queryClient.setQueryData(queryKeys.laterOf(id), state);
      await queryClient.invalidateQueries({ queryKey: queryKeys.later });
    },
  });
}

/** Tags as the reader types them: comma-separated, trimmed, blanks dropped. */
export const parseTagInput = (text: string): string[] =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
