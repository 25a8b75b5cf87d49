// The sidebar's two lists. They share their query keys with the dashboard so one fetch feeds both.
import { useQuery } from "@tanstack/react-query";

export const MY_STORIES_QUERY_KEY = ["/api/stories"] as const;
export const BOOKMARKS_QUERY_KEY = ["/api/bookmarks"] as const;

export interface SidebarStory {
  id: number;
  title: string;
  coverImage: string | null;
  updatedAt?: string;
}

export interface SavedStory {
  id: number;
  title: string;
  coverImage: string | null;
  author?: { username?: string | null } | null;
}

/** A list answer, tolerating a paginated `{ items }` shape; anything else is an empty list. */
function asList<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  const items = (data as { items?: unknown } | null | undefined)?.items;
  return Array.isArray(items) ? (items as T[]) : [];
}

// SPEC.md section 4: both lists fall back to empty when their fetch fails.
export function useMyStoriesList() {
  const { data, isLoading } = useQuery<unknown>({ queryKey: MY_STORIES_QUERY_KEY });
  return { stories: asList<SidebarStory>(data), isLoading };
}

export function useSavedStoriesList() {
  const { data, isLoading } = useQuery<unknown>({ queryKey: BOOKMARKS_QUERY_KEY });
  return { saved: asList<SavedStory>(data), isLoading };
}
