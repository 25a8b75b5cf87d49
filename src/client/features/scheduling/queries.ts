// Issue 31: scheduled releases. A change refreshes the dashboard's list and the work's own (the server answers both
// from the same rows).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ScheduleCreate, ScheduleEdit, ScheduledReleaseView } from "../../../shared/schemas/scheduling";
import { apiJson, apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export function useSchedules() {
  return useQuery<ScheduledReleaseView[]>({ queryKey: queryKeys.schedules });
}

export function useStorySchedules(storyId: number, enabled = true) {
  return useQuery<ScheduledReleaseView[]>({ queryKey: queryKeys.storySchedules(storyId), enabled });
}

function useRefresh() {
  const client = useQueryClient();
  return (storyId: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.schedules }),
      client.invalidateQueries({ queryKey: queryKeys.storySchedules(storyId) }),
      client.invalidateQueries({ queryKey: queryKeys.myStories }),
    ]);
}

export function useScheduleRelease(storyId: number) {
  const refresh = useRefresh();
  return useMutation<ScheduledReleaseView, Error, ScheduleCreate>({
    mutationFn: (body) => apiJson("POST", `/api/stories/${storyId}/schedule`, body),
    onSuccess: () => refresh(storyId),
  });
}

export function useEditRelease() {
  const refresh = useRefresh();
  return useMutation<ScheduledReleaseView, Error, { release: ScheduledReleaseView; body: ScheduleEdit }>({
    mutationFn: ({ release, body }) => apiJson("PATCH", `/api/stories/${release.storyId}/schedule/${release.id}`, body),
    onSuccess: (release) => refresh(release.storyId),
  });
}

export function useCancelRelease() {
  const refresh = useRefresh();
  return useMutation<void, Error, ScheduledReleaseView>({
    mutationFn: async (release) =>
      void (await apiRequest("DELETE", `/api/stories/${release.storyId}/schedule/${release.id}`)),
    onSuccess: (_, release) => refresh(release.storyId),
  });
}
