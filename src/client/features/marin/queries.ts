// TanStack hooks for Marin's reads; their keys come from lib/query-keys.ts.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { ContextPreview, MarinStatus, PromptAllowance, ReferralAnswer } from "../../../shared/schemas/marin";
import type { ChatThreadList, StoredChat } from "../../../shared/schemas/marin-chat";
import { queryKeys } from "../../lib/query-keys";
import { type ContextPreviewBody, fetchContextPreview } from "./api";
import { chatKey } from "./thread-keys";

export function useMarinStatus() {
  return useQuery<MarinStatus>({ queryKey: queryKeys.marinStatus });
}

/** Each AI answer carries the allowance left; the status query keeps it so every reader agrees. */
export function useApplyAllowance() {
  const queryClient = useQueryClient();
  return (allowance: PromptAllowance) =>
    queryClient.setQueryData<MarinStatus>(queryKeys.marinStatus, (old) =>
      old
        ? { ...old, showPromptCount: allowance.showPromptCount, promptsLeft: allowance.promptsLeft }
        : { model: "", offline: false, dailyLimit: null, ...allowance },
    );
}

export function useReferral(enabled: boolean) {
  return useQuery<ReferralAnswer>({ queryKey: queryKeys.referral, enabled });
}

/** How long the input rests before "What Marin sees" asks again. */
export const CONTEXT_DEBOUNCE_MS = 600;

/**
 * The preview of what a request would send, refreshed when `refreshKey` changes: after the input rests (debounced),
 * or at once when `changedNow` changed too (Marin just wrote into the story, or it was saved). `build` is called when
 * the timer fires, so the editor's content is current.
 */
export function useContextPreview(build: () => ContextPreviewBody | null, refreshKey: string, changedNow = "") {
  const buildRef = useRef(build);
  buildRef.current = build;
  const lastChange = useRef(changedNow);
  const [preview, setPreview] = useState<ContextPreview | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refreshKey` is the caller's refresh trigger
  useEffect(() => {
    let live = true;
    const now = lastChange.current !== changedNow;
    lastChange.current = changedNow;
    const timer = setTimeout(
      () => {
        const body = buildRef.current();
        if (!body) return;
        fetchContextPreview(body).then(
          (next) => {
            if (!live) return;
            setPreview(next);
            setFailed(false);
          },
          (error) => {
            if (!live) return;
            console.warn("Could not preview Marin's context", error);
            setFailed(true);
          },
        );
      },
      now ? 0 : CONTEXT_DEBOUNCE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [refreshKey, changedNow]);
  return { preview, failed };
}

/**
 * Marin's conversation about a story as the server keeps it. Read afresh each time the pane opens (never kept once
 * the pane is gone), so a chat held on another device since shows up.
 */
export function useStoredChat(storyId: number, threadId: number | null = null) {
  return useQuery<StoredChat>({ queryKey: chatKey(storyId, threadId), gcTime: 0, staleTime: 0 });
}

/** A story's chat threads (issue 32): read when the pane opens and again when the thread menu opens. */
export function useChatThreads(storyId: number) {
  return useQuery<ChatThreadList>({ queryKey: queryKeys.storyChatThreads(storyId), staleTime: 0 });
}
