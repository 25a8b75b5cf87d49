// The writer's daily goal and streak (GET and PATCH /api/habits), and the browser's time zone that days count by.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { HabitsUpdate, HabitsView } from "../../../shared/schemas/habits";
import { apiJson } from "../../lib/api";
import { queryKeys, urlOfKey } from "../../lib/query-keys";

/** The zone this browser is in (an IANA name), or null if it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export function useUpdateHabits() {
  const queryClient = useQueryClient();
  return useMutation<HabitsView, Error, HabitsUpdate>({
    mutationFn: (patch) => apiJson<HabitsView>("PATCH", urlOfKey(queryKeys.habits), patch),
    onSuccess: (habits) => queryClient.setQueryData(queryKeys.habits, habits),
  });
}

/**
 * Today's words and the streak, read afresh each time the dashboard shows them (a save elsewhere may have added
 * words). The days count in the browser's zone: when it differs from the one kept, the zone is updated.
 */
export function useHabits() {
  const query = useQuery<HabitsView>({ queryKey: queryKeys.habits, staleTime: 0 });
  const update = useUpdateHabits();
  const kept = query.data?.timeZone;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per zone the server reports
  useEffect(() => {
    const zone = browserTimeZone();
    if (kept && zone && zone !== kept) update.mutate({ timeZone: zone });
  }, [kept]);
  return query;
}
