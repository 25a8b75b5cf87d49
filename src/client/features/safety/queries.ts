// Reports, blocks and mutes: the TanStack hooks. A block or mute changes what many lists show (comments, Discover,
// Following, notifications), so it refreshes them all.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HiddenPeople, ReportCreate, ReportReceipt } from "../../../shared/schemas/safety";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export const useHiddenPeople = (enabled = true) =>
  useQuery<HiddenPeople>({ queryKey: queryKeys.hiddenPeople, staleTime: 0, enabled });

export type HideKind = "block" | "mute";
const PATHS = { block: "/api/blocks", mute: "/api/mutes" } as const;

/** Block, mute, unblock or unmute someone by name. */
export function useHidePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, username, on }: { kind: HideKind; username: string; on: boolean }) =>
      apiJson(on ? "POST" : "DELETE", `${PATHS[kind]}/${encodeURIComponent(username)}`),
    // NOTE: everything: the person's comments, stories and notifications leave (or come back to) every list.
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useReport() {
  return useMutation({
    mutationFn: (report: ReportCreate) => apiJson<ReportReceipt>("POST", "/api/reports", report),
  });
}
