// Notification email settings: GET/PUT /api/email-settings.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EmailSettingsUpdate, EmailSettingsView } from "../../../shared/schemas/email-settings";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export const useEmailSettingsQuery = () => useQuery<EmailSettingsView>({ queryKey: queryKeys.emailSettings });

export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation<EmailSettingsView, Error, EmailSettingsUpdate>({
    mutationFn: (body) => apiJson<EmailSettingsView>("PUT", "/api/email-settings", body),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.emailSettings, view),
  });
}

/** The browser's IANA zone, so the digest arrives at 08:00 where the reader is. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
