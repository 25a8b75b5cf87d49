// The sidebar's two lists. They share their query keys with the dashboard and the reader, so one fetch feeds
// both and the reader's bookmark toggle (which invalidates queryKeys.bookmarks) refreshes Saved Stories.
import { useQuery } from "@tanstack/react-query";
import type { BookmarkItem, HiddenBookmarks } from "../../../shared/schemas/reading";
import { queryKeys } from "../../lib/query-keys";

export interface SidebarStory {
  id: number;
  title: string;
  coverImage: string | null;
  updatedAt?: string;
}

export type SavedStory = BookmarkItem;

/** A list answer, tolerating a paginated `{ items }` shape; anything else is an empty list. */
export function asList<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  const items = (data as { items?: unknown } | null | undefined)?.items;
  return Array.isArray(items) ? (items as T[]) : [];
}

// Both lists fall back to empty when their fetch fails.
export function useMyStoriesList() {
  const { data, isLoading } = useQuery<unknown>({ queryKey: queryKeys.myStories });
  return { stories: asList<SidebarStory>(data), isLoading };
}

export function useSavedStoriesList() {
  const { data, isLoading } = useQuery<unknown>({ queryKey: queryKeys.bookmarks });
  return { saved: asList<SavedStory>(data), isLoading };
}

/** Saved stories the list leaves out because the viewer blocks or mutes their authors (0 while unknown). */
export function useHiddenSavedCount(): number {
  const { data } = useQuery<HiddenBookmarks>({ queryKey: queryKeys.hiddenBookmarks });
  return data?.hiddenByYou ?? 0;
}
