// Keeps a work saved for offline in step with the server while the reader reads it online: a newer version (edited or
// a new chapter) replaces the copy, and a work the reader may no longer read (deleted, unpublished, blocked: 404) is
// taken out of the store, so the offline copy never outlives the reader's right to it.
import { useEffect, useRef } from "react";
import type { UserView } from "../../../shared/schemas/accounts";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { ApiError } from "../../lib/api";
import type { SavedWork } from "./offline-store";
import { useRemoveFromOffline, useSaveForOffline } from "./queries";

/** Whether the server's answer is a newer version of the work than the saved copy. */
export function isNewerThanSaved(fresh: ReadStoryView, saved: ReadStoryView): boolean {
  return fresh.updatedAt !== saved.updatedAt || fresh.lastChapterAt !== saved.lastChapterAt;
}

export function useSavedWorkFreshness(
  user: UserView | null,
  fresh: ReadStoryView | undefined,
  error: Error | null,
  saved: SavedWork | null | undefined,
): void {
  const save = useSaveForOffline(user);
  const remove = useRemoveFromOffline(user?.id);
  const done = useRef<string | null>(null);
  const gone = error instanceof ApiError && (error.status === 404 || error.status === 403);
  const refresh = Boolean(saved && fresh && isNewerThanSaved(fresh, saved.story));
  const action = saved && gone ? `remove:${saved.storyId}` : saved && refresh ? `save:${fresh!.updatedAt}` : null;
  useEffect(() => {
    if (!action || !saved || done.current === action) return;
    done.current = action;
    if (action.startsWith("remove")) remove.mutate(saved.storyId);
    else if (fresh) save.mutate(fresh);
  }, [action, saved, fresh, save, remove]);
}
