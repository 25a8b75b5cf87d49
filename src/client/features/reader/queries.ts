// TanStack hooks for the reader: the story, bookmark and like toggles, comments. Keys from lib/query-keys.ts.
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BookmarkState,
  CommentAnchorInput,
  CommentsPage,
  CommentView,
  LikeState,
  ParagraphCounts,
  ReadStoryView,
} from "../../../shared/schemas/reading";
import { toast } from "../../components/ui/toaster";
import { ApiError, apiJson, getQueryFn } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { applyDeletion } from "./comment-tree";

export const BOOKMARK_FAILED = { title: "Error", description: "Failed to toggle bookmark" } as const;
export const LIKE_FAILED = { title: "Error", description: "Failed to toggle like" } as const;
export const LOGIN_REQUIRED = { title: "Login required", description: "Please log in to bookmark stories" } as const;
export const LOGIN_REQUIRED_LIKE = { title: "Login required", description: "Please log in to like stories" } as const;
export const DELETE_COMMENT_FAILED = { title: "Error", description: "Failed to delete comment" } as const;

export interface NewComment {
  content: string;
  /** Set for a reply. */
  parentId?: number;
  /** Issue 31: set for a comment on one paragraph. */
  anchor?: CommentAnchorInput;
}

export function useReadStoryQuery(id: string) {
  return useQuery<ReadStoryView>({ queryKey: queryKeys.read(id) });
}

/**
 * Whether the signed-in user's own list (the sidebar's 'Your Stories', same key) holds this story: asked only when
 * the reader view is refused, since an unpublished story has none and its author belongs in the editor.
 */
export function useOwnsStory(id: string, enabled: boolean): boolean {
  const mine = useQuery<unknown>({ queryKey: queryKeys.myStories, enabled });
  return enabled && Array.isArray(mine.data) && mine.data.some((s) => String((s as { id?: unknown })?.id) === id);
}

/** GET /api/stories/{id}/bookmark, only when signed in; the read view's flag until it answers. */
export function useBookmarkQuery(id: string, signedIn: boolean, initial: boolean | undefined) {
  return useQuery<BookmarkState>({
    queryKey: queryKeys.bookmark(id),
    enabled: signedIn,
    placeholderData: initial === undefined ? undefined : { bookmarked: initial },
  });
}

function patchReadView(queryClient: ReturnType<typeof useQueryClient>, id: string, patch: Partial<ReadStoryView>) {
  queryClient.setQueryData<ReadStoryView>(queryKeys.read(id), (view) => (view ? { ...view, ...patch } : view));
}

/** The bookmark toggle; the sidebar's Saved Stories refresh after it. */
export function useToggleBookmark(id: string) {
  const queryClient = useQueryClient();
  return useMutation<BookmarkState, Error, void>({
    mutationFn: () => apiJson<BookmarkState>("POST", `/api/stories/${id}/bookmark`),
    onSuccess: async (state) => {
      queryClient.setQueryData(queryKeys.bookmark(id), state);
      patchReadView(queryClient, id, { bookmarked: state.bookmarked });
      await queryClient.invalidateQueries({ queryKey: queryKeys.bookmarks });
    },
    onError: (error) => {
      const signedOut = error instanceof ApiError && error.status === 401;
      toast({ ...(signedOut ? LOGIN_REQUIRED : BOOKMARK_FAILED), variant: "destructive" });
    },
  });
}

/** The like toggle, shown at once and rolled back when the server refuses it. */
export function useToggleLike(id: string) {
  const queryClient = useQueryClient();
  return useMutation<LikeState, Error, void, { before?: ReadStoryView }>({
    mutationFn: () => apiJson<LikeState>("POST", `/api/stories/${id}/like`),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: queryKeys.read(id) });
      const before = queryClient.getQueryData<ReadStoryView>(queryKeys.read(id));
      if (before) {
        const liked = !before.liked;
        patchReadView(queryClient, id, { liked, likeCount: Math.max(0, before.likeCount + (liked ? 1 : -1)) });
      }
      return { before };
    },
    onSuccess: async (state) => {
      patchReadView(queryClient, id, state);
      // Discover items carry the like count.
      await queryClient.invalidateQueries({ queryKey: queryKeys.publishedAll });
    },
    onError: (error, _vars, context) => {
      if (context?.before)
        patchReadView(queryClient, id, { liked: context.before.liked, likeCount: context.before.likeCount });
      const signedOut = error instanceof ApiError && error.status === 401;
      toast({ ...(signedOut ? LOGIN_REQUIRED_LIKE : LIKE_FAILED), variant: "destructive" });
    },
  });
}

type CommentPages = InfiniteData<CommentsPage, string | null>;

/** Comments, oldest first, a page at a time ('Load more' fetches the next). */
export function useCommentsQuery(id: string) {
  return useInfiniteQuery<CommentsPage, Error, CommentPages, readonly unknown[], string | null>({
    queryKey: queryKeys.comments(id),
    initialPageParam: null,
    queryFn: ({ pageParam, ...context }) =>
      getQueryFn<CommentsPage>({ on401: "throw" })({
        ...context,
        queryKey: pageParam ? [queryKeys.comments(id)[0], { cursor: pageParam }] : queryKeys.comments(id),
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The loaded comments in order, each once (a comment posted here may come again with a later page). */
export function flattenComments(data: CommentPages | undefined): CommentView[] {
  const seen = new Set<number>();
  const all: CommentView[] = [];
  for (const page of data?.pages ?? []) {
    for (const comment of page.items) {
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      all.push(comment);
    }
  }
  return all;
}

/**
 * Issue 31: the paragraph counts and every paragraph's list (keys under the comments URL with parameters) refetch
 * after a comment is posted, edited or deleted anywhere on the page.
 */
async function refreshParagraphComments(queryClient: ReturnType<typeof useQueryClient>, id: string) {
  const list = queryKeys.comments(id)[0];
  const counts = queryKeys.paragraphCounts(id, 1)[0];
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === counts || (query.queryKey[0] === list && query.queryKey.length > 1),
  });
}

function updateComments(
  queryClient: ReturnType<typeof useQueryClient>,
  id: string,
  change: (pages: CommentsPage[]) => CommentsPage[],
) {
  queryClient.setQueryData<CommentPages>(queryKeys.comments(id), (data) =>
    data ? { ...data, pages: change(data.pages) } : data,
  );
}

export function usePostComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation<CommentView, Error, NewComment>({
    mutationFn: (comment) => apiJson<CommentView>("POST", `/api/stories/${id}/comments`, comment),
    onSuccess: async (comment) => {
      // Newest last, as the list is oldest first; it shows at once even while later pages are still unloaded.
      updateComments(queryClient, id, (pages) =>
        pages.map((page, i) =>
          i === pages.length - 1
            ? { ...page, items: [...page.items, comment], total: page.total + 1 }
            : { ...page, total: page.total + 1 },
        ),
      );
      // The author's Feedback panel lists it too (a reply written there).
      await queryClient.invalidateQueries({ queryKey: queryKeys.feedback(id) });
      await refreshParagraphComments(queryClient, id);
    },
  });
}

export function useEditComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation<CommentView, Error, { commentId: number; content: string }>({
    mutationFn: ({ commentId, content }) => apiJson<CommentView>("PATCH", `/api/comments/${commentId}`, { content }),
    onSuccess: async (edited) => {
      updateComments(queryClient, id, (pages) =>
        pages.map((page) => ({ ...page, items: page.items.map((c) => (c.id === edited.id ? edited : c)) })),
      );
      await refreshParagraphComments(queryClient, id);
    },
  });
}

export function useDeleteComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: async (commentId) => {
      await apiJson<unknown>("DELETE", `/api/comments/${commentId}`);
    },
    onSuccess: async (_data, commentId) => {
      updateComments(queryClient, id, (pages) => {
        const after = new Map(
          applyDeletion(
            pages.flatMap((page) => page.items),
            commentId,
          ).map((c) => [c.id, c]),
        );
        return pages.map((page) => ({
          ...page,
          items: page.items.flatMap((c) => after.get(c.id) ?? []),
          total: Math.max(0, page.total - 1),
        }));
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.feedback(id) });
      await refreshParagraphComments(queryClient, id);
    },
    onError: () => toast({ ...DELETE_COMMENT_FAILED, variant: "destructive" }),
  });
}

/** Issue 31: how many comments each paragraph of a chapter has, and whether the author allows them. */
export function useParagraphCountsQuery(id: string, chapter: number) {
  return useQuery<ParagraphCounts>({ queryKey: queryKeys.paragraphCounts(id, chapter) });
}

/** One paragraph's comments (or, `changed`, those on passages of the chapter that changed), oldest first. */
export function useParagraphCommentsQuery(id: string, chapter: number, paragraph: number | "changed") {
  return useQuery<CommentsPage>({ queryKey: queryKeys.paragraphComments(id, chapter, paragraph) });
}
