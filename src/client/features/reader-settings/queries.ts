// The reader's settings (issue 31): read from the cookie the server keeps in step with them at once (no flash of the
// wrong theme while the API answers), then from GET /api/me/reader-settings; saved with PUT and shown before it answers (the answer is
// the request's body, so a quick run of changes never steps back to an older one).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  DEFAULT_READER_SETTINGS,
  type ReaderSettings,
  readerSettingsFromCookieHeader,
} from "../../../shared/schemas/reader-settings";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

const fromCookie = () => (typeof document === "undefined" ? null : readerSettingsFromCookieHeader(document.cookie));

export function useReaderSettingsQuery() {
  return useQuery<ReaderSettings>({
    queryKey: queryKeys.readerSettings,
    placeholderData: () => fromCookie() ?? undefined,
  });
}

/** The settings to draw with now: the saved ones, the cookie's until they arrive, else the defaults. */
export function useReaderSettings(): ReaderSettings {
  return useReaderSettingsQuery().data ?? DEFAULT_READER_SETTINGS;
}

export function useSaveReaderSettings() {
  const queryClient = useQueryClient();
  return useMutation<ReaderSettings, Error, ReaderSettings, { previous: ReaderSettings | undefined }>({
    mutationFn: (settings) => apiJson<ReaderSettings>("PUT", "/api/me/reader-settings", settings),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.readerSettings });
      const previous = queryClient.getQueryData<ReaderSettings>(queryKeys.readerSettings);
      queryClient.setQueryData(queryKeys.readerSettings, settings);
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.readerSettings, context.previous);
    },
  });
}
