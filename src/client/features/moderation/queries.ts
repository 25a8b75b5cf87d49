// The moderation page's queries: the queue, the audit log (admins) and acting on a target.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ActionResult,
  AuditPage,
  ModerationActionBody,
  ModerationQueue,
} from "../../../shared/schemas/moderation";
import { apiJson } from "../../lib/api";

export const QUEUE_KEY = ["/api/moderation/reports"] as const;
export const AUDIT_KEY = ["/api/moderation/audit"] as const;

export const useQueue = () => useQuery<ModerationQueue>({ queryKey: QUEUE_KEY, staleTime: 0 });
export const useAudit = () => useQuery<AuditPage>({ queryKey: AUDIT_KEY, staleTime: 0 });

export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => apiJson<ActionResult>("POST", "/api/moderation/actions", body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: QUEUE_KEY }),
        client.invalidateQueries({ queryKey: AUDIT_KEY }),
      ]),
  });
}
