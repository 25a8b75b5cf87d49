// TanStack hooks for collections (issue 33). Keys from lib/query-keys.ts; every write refreshes the user's list, the
// collection and its queue.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CollectionCreate,
  CollectionItemAnswer,
  CollectionQueue,
  CollectionUpdate,
  CollectionView,
  MyCollectionsList,
} from "../../../shared/schemas/collections";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

const base = (name: string) => `/api/collections/${encodeURIComponent(name)}`;

export function useMyCollections() {
  return useQuery<MyCollectionsList>({ queryKey: queryKeys.myCollections, staleTime: 0 });
}

export function useCollection(name: string) {
  return useQuery<CollectionView>({ queryKey: queryKeys.collection(name), staleTime: 0 });
}

export function useCollectionQueue(name: string, state: "pending" | "invited", enabled: boolean) {
  return useQuery<CollectionQueue>({ queryKey: queryKeys.collectionQueue(name, state), staleTime: 0, enabled });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (name?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.myCollections }),
      name === undefined
        ? undefined
        : queryClient.invalidateQueries({
            predicate: (q) => String(q.queryKey[0]).startsWith(base(name)),
          }),
    ]);
}

export function useCreateCollection() {
  const refresh = useRefresh();
  return useMutation<CollectionView, Error, CollectionCreate>({
    mutationFn: (body) => apiJson<CollectionView>("POST", "/api/collections", body),
    onSuccess: () => refresh(),
  });
}

export function useUpdateCollection(name: string) {
  const refresh = useRefresh();
  return useMutation<CollectionView, Error, CollectionUpdate>({
    mutationFn: (body) => apiJson<CollectionView>("PATCH", base(name), body),
    onSuccess: () => refresh(name),
  });
}

export function useMaintainers(name: string) {
  const refresh = useRefresh();
  const add = useMutation<CollectionView, Error, string>({
    mutationFn: (username) => apiJson<CollectionView>("POST", `${base(name)}/maintainers`, { username }),
    onSuccess: () => refresh(name),
  });
  const remove = useMutation<CollectionView, Error, string>({
    mutationFn: (username) =>
      apiJson<CollectionView>("DELETE", `${base(name)}/maintainers/${encodeURIComponent(username)}`),
    onSuccess: () => refresh(name),
  });
  return { add, remove };
}

export type ItemAction = "accept" | "decline" | "approve" | "reject" | "remove";

/** An item's state change: answering an invitation, deciding on a pending work, taking a work out. */
export function useItemAction() {
  const refresh = useRefresh();
  return useMutation<CollectionItemAnswer, Error, { name: string; storyId: number; action: ItemAction }>({
    mutationFn: ({ name, storyId, action }) =>
      action === "remove"
        ? apiJson<CollectionItemAnswer>("DELETE", `${base(name)}/items/${storyId}`)
        : apiJson<CollectionItemAnswer>("POST", `${base(name)}/items/${storyId}/${action}`),
    onSuccess: (_r, { name }) => refresh(name),
  });
}

/** Adds a work to a collection by name (the publish dialog's field). */
export function addToCollection(name: string, storyId: number): Promise<CollectionItemAnswer> {
  return apiJson<CollectionItemAnswer>("POST", `${base(name)}/items`, { storyId });
}

/** POST /api/collections/{name}/reveal (built with the reveal): answers whatever it answers, shown as it comes. */
export function useRevealNow(name: string) {
  const refresh = useRefresh();
  return useMutation<unknown, Error, void>({
    mutationFn: () => apiJson<unknown>("POST", `${base(name)}/reveal`),
    onSuccess: () => refresh(name),
  });
}
