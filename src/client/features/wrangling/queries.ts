// The wrangling page's queries: the queue (with the recently wrangled tags) and the four acts on a tag.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WrangledTag, WranglingQueue } from "../../../shared/schemas/wrangling";
import { apiJson } from "../../lib/api";

export const wranglingQueueKey = (q: string) => ["/api/wrangling/queue", { q }] as const;

export const useWranglingQueue = (q: string) =>
  useQuery<WranglingQueue>({ queryKey: wranglingQueueKey(q.trim()), staleTime: 0, placeholderData: keepPreviousData });

const tagUrl = (name: string, act: string) => `/api/tags/${encodeURIComponent(name)}/${act}`;

export type WranglingAct =
  | { act: "synonym"; name: string; of: string }
  | { act: "canonical"; name: string }
  | { act: "undo"; name: string }
  | { act: "fandom"; name: string; fandom: string | null };

function send(act: WranglingAct): Promise<WrangledTag> {
  switch (act.act) {
    case "synonym":
      return apiJson("POST", tagUrl(act.name, "synonym"), { of: act.of });
    case "canonical":
      return apiJson("POST", tagUrl(act.name, "canonical"));
    case "undo":
      return apiJson("DELETE", tagUrl(act.name, "synonym"));
    case "fandom":
      return apiJson("POST", tagUrl(act.name, "fandom"), { fandom: act.fandom });
  }
}

export function useWrangle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Discover's lists and autocomplete change with synonyms.
    onSuccess: () => client.invalidateQueries(),
  });
}
