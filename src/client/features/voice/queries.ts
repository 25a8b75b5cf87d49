// The writer's voice: the sample of one scope (a story, or all stories), saving and removing it, and the picker's
// passages of the writer's published text.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type StyleSampleAnswer,
  type StyleSampleView,
  VOICE_URLS,
  type VoicePassage,
} from "../../../shared/schemas/voice";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

const urlOf = (storyId?: number) => (storyId === undefined ? VOICE_URLS.mine : VOICE_URLS.story(storyId));

export function useStyleSample(storyId?: number) {
  return useQuery<StyleSampleAnswer>({ queryKey: queryKeys.styleSample(storyId), retry: false });
}

export function useVoicePassages() {
  return useQuery<{ passages: VoicePassage[] }>({ queryKey: queryKeys.voicePassages, staleTime: 60_000 });
}

/** Saving or removing one scope refreshes every sample (a story's answer carries the all-stories fallback). */
function useRefreshSamples() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).endsWith("/style-sample"),
    });
}

export function useSaveStyleSample(storyId?: number) {
  const refresh = useRefreshSamples();
  return useMutation<StyleSampleView, Error, string>({
    mutationFn: (text) => apiJson<StyleSampleView>("PUT", urlOf(storyId), { text }),
    onSuccess: refresh,
  });
}

export function useRemoveStyleSample(storyId?: number) {
  const refresh = useRefreshSamples();
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest("DELETE", urlOf(storyId));
    },
    onSuccess: refresh,
  });
}
