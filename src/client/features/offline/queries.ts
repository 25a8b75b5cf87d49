// TanStack hooks over the offline store: the signed-in reader's saved works, saving one (its cover fetched beside it)
// and removing one. Keys live here, not in lib/query-keys.ts: they name no URL, only this browser's store.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserView } from "../../../shared/schemas/accounts";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { getWork, listWorks, removeWork, type SavedWork, saveWork } from "./offline-store";

export const offlineKeys = {
  all: ["offline"] as const,
  works: (ownerId: number) => ["offline", ownerId, "works"] as const,
  work: (ownerId: number, storyId: number | string) => ["offline", ownerId, "work", String(storyId)] as const,
};

/** Covers are re-encoded uploads of at most 5 MB; anything larger is not a cover and is not kept. */
const MAX_COVER_BYTES = 5 * 1024 * 1024;

/** Whether this browser can keep works (IndexedDB may be missing or refused, e.g. in some private modes). */
export function offlineSupported(): boolean {
  return typeof indexedDB !== "undefined";
}

/** A fetch that never reached the server (offline, DNS, refused): the browser rejects it with a TypeError. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

export function useSavedWorks(ownerId: number | undefined) {
  return useQuery<SavedWork[]>({
    queryKey: offlineKeys.works(ownerId ?? 0),
    queryFn: () => listWorks(ownerId!),
    enabled: ownerId !== undefined && offlineSupported(),
  });
}

export function useSavedWork(ownerId: number | undefined, storyId: string) {
  return useQuery<SavedWork | null>({
    queryKey: offlineKeys.work(ownerId ?? 0, storyId),
    queryFn: async () => (await getWork(ownerId!, Number(storyId))) ?? null,
    enabled: ownerId !== undefined && /^\d+$/.test(storyId) && offlineSupported(),
  });
}

async function fetchCover(url: string | null): Promise<Blob | null> {
  if (!url) return null;
  try {
    const res = await fetch(url, { credentials: "include" });
    if (!res.ok || Number(res.headers.get("content-length") ?? 0) > MAX_COVER_BYTES) return null;
    const blob = await res.blob();
    return blob.type.startsWith("image/") && blob.size <= MAX_COVER_BYTES ? blob : null;
  } catch {
    return null;
  }
}

/** Keeps the work as the reader's answer gave it, with its cover; saving a saved work refreshes the copy. */
export function useSaveForOffline(user: UserView | null) {
  const queryClient = useQueryClient();
  return useMutation<SavedWork, Error, ReadStoryView>({
    mutationFn: async (story) => {
      if (!user) throw new Error("Sign in to save works for offline");
      // Asked to keep the works when the browser runs short of space (Chromium decides alone; Firefox asks).
      void navigator.storage?.persist?.().catch(() => false);
      return saveWork(user, story, await fetchCover(story.coverImage));
    },
    onSuccess: (work) => {
      queryClient.setQueryData(offlineKeys.work(work.ownerId, work.storyId), work);
      return queryClient.invalidateQueries({ queryKey: offlineKeys.works(work.ownerId) });
    },
  });
}

export function useRemoveFromOffline(ownerId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: (storyId) => removeWork(ownerId!, storyId),
    onSuccess: (_done, storyId) => {
      if (ownerId === undefined) return;
      queryClient.setQueryData(offlineKeys.work(ownerId, storyId), null);
      return queryClient.invalidateQueries({ queryKey: offlineKeys.works(ownerId) });
    },
  });
}
