// The community's TanStack hooks: the bell's count, the notifications page, settings, follows, subscriptions and the
// Following feed. Reads go through the default query function (the key is the URL); pages through `pageOf`.
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  FollowingPage,
  FollowState,
  NotificationPage,
  NotificationSettings,
  NotificationSettingsUpdate,
  SubscriptionState,
  UnreadCount,
} from "../../../shared/schemas/community";
import { apiJson, apiRequest, throwIfNotOk } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

/** How often the bell asks again while the tab is visible. */
export const UNREAD_REFRESH_MS = 60_000;

/**
 * The bell's count, the one query that refreshes by itself (the query defaults refresh nothing): every
 * minute while the tab is visible, none while it is hidden, and at once when it shows again (TanStack's focus
 * manager listens to `visibilitychange`; NotificationBell adds the window's `focus`) and on every navigation. Each
 * ask is one indexed count capped at 100 on the server.
 */
export function useUnreadCount() {
  return useQuery<UnreadCount>({
    queryKey: queryKeys.unreadNotifications,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: "always",
  });
}

async function pageOf<T>(
  path: string,
  cursor: string | null,
  signal: AbortSignal,
  extra: Record<string, string> = {},
): Promise<T> {
  const params = new URLSearchParams({ ...extra, ...(cursor ? { cursor } : {}) }).toString();
  const res = await fetch(params ? `${path}?${params}` : path, {
    credentials: "include",
    signal,
  });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

function usePaged<T extends { nextCursor: string | null }>(key: readonly [string]) {
  return useInfiniteQuery<T, Error, InfiniteData<T>, readonly unknown[], string | null>({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => pageOf<T>(key[0], pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

export const useNotifications = () => usePaged<NotificationPage>(queryKeys.notifications);
/** The Following feed, with the reader's AI filter, or every work once they ask to see what it hid (`showAll`). */
export function useFollowingFeed(showAll = false) {
  return useInfiniteQuery<FollowingPage, Error, InfiniteData<FollowingPage>, readonly unknown[], string | null>({
    queryKey: [...queryKeys.following, showAll ? "any" : "preference"],
    queryFn: ({ pageParam, signal }) =>
      pageOf<FollowingPage>(queryKeys.following[0], pageParam, signal, showAll ? { ai: "any" } : {}),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

function useRefreshNotifications() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.notifications }),
      client.invalidateQueries({ queryKey: queryKeys.unreadNotifications }),
    ]);
}

export function useMarkRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: (id: number) => apiRequest("POST", `/api/notifications/${id}/read`),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshNotifications();
  return useMutation({ mutationFn: () => apiRequest("POST", "/api/notifications/read-all"), onSettled: refresh });
}

export const useNotificationSettings = () =>
  useQuery<NotificationSettings>({ queryKey: queryKeys.notificationSettings });

export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationSettingsUpdate) =>
      apiJson<NotificationSettings>("PATCH", "/api/notification-settings", update),
    onSuccess: (settings) => client.setQueryData(queryKeys.notificationSettings, settings),
  });
}

export const useFollowState = (name: string, enabled: boolean) =>
  useQuery<FollowState>({ queryKey: queryKeys.follow(name), enabled });

export function useToggleFollow(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => apiJson<FollowState>(on ? "POST" : "DELETE", queryKeys.follow(name)[0]),
    onSuccess: (state) => {
      client.setQueryData(queryKeys.follow(name), state);
      return client.invalidateQueries({ queryKey: queryKeys.following });
    },
  });
}

export const useSubscription = (id: number, enabled: boolean) =>
  useQuery<SubscriptionState>({ queryKey: queryKeys.subscription(id), enabled });

export function useToggleSubscription(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => apiJson<SubscriptionState>(on ? "POST" : "DELETE", queryKeys.subscription(id)[0]),
    onSuccess: (state) => {
      client.setQueryData(queryKeys.subscription(id), state);
      return client.invalidateQueries({ queryKey: queryKeys.following });
    },
  });
}

/** Issue 18: the person acted on appeals a decision once, in writing; it lands in the moderation queue. */
export function useAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { auditId: number; text: string }) => apiJson<{ id: number }>("POST", "/api/appeals", body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
