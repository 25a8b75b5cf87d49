// Gifts and related works' TanStack hooks: the owner's current lists (the details page and publish dialog edit
// them), refusing a gift, answering a link to one's work.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { OwnGiftsAndLinks } from "../../../shared/schemas/gifts";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { type GiftFieldValues, giftFieldsBody, giftFieldsFrom } from "./gift-fields";

export const giftsAndLinksKey = (storyId: number) => [`/api/stories/${storyId}/gifts-and-links`] as const;

export function useOwnGiftsAndLinks(storyId: number, enabled = true) {
  return useQuery<OwnGiftsAndLinks>({ queryKey: giftsAndLinksKey(storyId), enabled });
}

/** The recipient refuses: their name leaves the work. */
export function useRefuseGift(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", `/api/gifts/${storyId}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.read(storyId) }),
  });
}

/** The original's author approves a link (their work lists it under 'Works inspired by this') or rejects it. */
export function useAnswerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      apiJson<{ id: number; approved: boolean }>("POST", `/api/related-works/${id}/${approve ? "approve" : "reject"}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}

/**
 * The two fields' draft for a form: what the server has until the writer edits them; `body()` is what a save sends
 * (only the fields that changed), `saved()` reads the server's lists again after a save.
 */
export function useGiftFieldsDraft(storyId: number | undefined, active = true) {
  const queryClient = useQueryClient();
  const own = useOwnGiftsAndLinks(storyId ?? 0, active && storyId !== undefined);
  const server = useMemo(() => giftFieldsFrom(own.data), [own.data]);
  const [edited, setEdited] = useState<GiftFieldValues | null>(null);
  const value = edited ?? server;
  return {
    value,
    onChange: setEdited,
    body: () => (own.data ? giftFieldsBody(server, value) : {}),
    saved: () => {
      setEdited(null);
      if (storyId !== undefined) void queryClient.invalidateQueries({ queryKey: giftsAndLinksKey(storyId) });
    },
  };
}
