// The reader's settings (issue 31), with no call of their own: a signed-in reader's come with their user
// (GET /api/user, kept in step with the cookie by the server), a visitor's from the cookie. Saved with
// PUT /api/me/reader-settings and shown before it answers (the answer is the request's body, so a quick run of
// changes never steps back to an older one).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserView } from "../../../shared/schemas/accounts";
import {
  DEFAULT_READER_SETTINGS,
  type ReaderSettings,
  readerSettingsFromCookieHeader,
} from "../../../shared/schemas/reader-settings";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { useAuth } from "../auth/auth-context";

const fromCookie = () => (typeof document === "undefined" ? null : readerSettingsFromCookieHeader(document.cookie));

/** The settings to draw with now: the account's, else this browser's (the cookie), else the defaults. */
export function useReaderSettings(): ReaderSettings {
  const { user } = useAuth();
  // NOTE: never fetched: a visitor's settings live in the cookie, and this entry holds what they last chose.
  const visitor = useQuery<ReaderSettings | null>({
    queryKey: queryKeys.readerSettings,
    enabled: false,
    initialData: fromCookie,
  });
  return user?.readerSettings ?? visitor.data ?? DEFAULT_READER_SETTINGS;
}

export function useSaveReaderSettings() {
  const queryClient = useQueryClient();
  const show = (settings: ReaderSettings) => {
    queryClient.setQueryData<ReaderSettings | null>(queryKeys.readerSettings, settings);
    queryClient.setQueryData<UserView | null>(queryKeys.user, (user) =>
      user ? { ...user, readerSettings: settings } : user,
    );
  };
  return useMutation<ReaderSettings, Error, ReaderSettings, { previous: ReaderSettings }>({
    mutationFn: (settings) => apiJson<ReaderSettings>("PUT", "/api/me/reader-settings", settings),
    onMutate: (settings) => {
      const user = queryClient.getQueryData<UserView | null>(queryKeys.user);
      const previous =
        user?.readerSettings ??
        queryClient.getQueryData<ReaderSettings | null>(queryKeys.readerSettings) ??
        DEFAULT_READER_SETTINGS;
      show(settings);
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context) show(context.previous);
    },
  });
}
