// The pane's chat threads (issue 32, decision 0098): which one is shown, 'Branch from here', rename and delete. The
// server keeps the tree, so a second browser lists the same threads.
import { useQueryClient } from "@tanstack/react-query";
import type { ChatThread } from "../../../shared/schemas/marin-chat";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import type { ChatMessage } from "./chat-log";
import { useChatThreads } from "./queries";
import { branchChat, deleteChatThread, renameChatThread, resolveStoredId } from "./thread-api";

export const BRANCH_FAILED_TITLE = "Couldn't branch the chat";
export const NOT_KEPT_YET = "That message is still being saved. Try again in a moment.";
export const THREAD_FAILED_TITLE = "Couldn't change the thread";

export interface ChatThreads {
  threads: ChatThread[];
  /** The thread shown: the named one, else the main one (none before the story's first message). */
  current: ChatThread | null;
  refresh(): void;
  select(threadId: number): void;
  /** 'Branch from here' on the shown message at `index`; the new thread is shown. */
  branch(shown: readonly ChatMessage[], index: number): Promise<void>;
  rename(threadId: number, name: string): Promise<boolean>;
  remove(threadId: number): Promise<boolean>;
}

export function useChatThreadsState(
  storyId: number,
  /** The thread the pane shows (null: the main one, whichever it is). */
  shownId: number | null,
  setShownId: (threadId: number | null) => void,
): ChatThreads {
  const queryClient = useQueryClient();
  const list = useChatThreads(storyId);
  const threads = list.data?.threads ?? [];
  const current = threads.find((t) => (shownId === null ? t.main : t.id === shownId)) ?? null;
  const changed = () => queryClient.invalidateQueries({ queryKey: queryKeys.storyChatThreads(storyId) });
  const failed = (title: string, error: unknown) =>
    toast({ title, description: errorMessage(error), variant: "destructive" });

  return {
    threads,
    current,
    refresh: () => void list.refetch(),
    select: (threadId) => setShownId(threadId),
    async branch(shown, index) {
      try {
        const fromMessageId = await resolveStoredId(storyId, shownId, shown, index);
        if (!fromMessageId) {
          toast({ title: BRANCH_FAILED_TITLE, description: NOT_KEPT_YET, variant: "destructive" });
          return;
        }
        const made = await branchChat(storyId, { fromMessageId });
        await changed();
        setShownId(made.id);
      } catch (error) {
        failed(BRANCH_FAILED_TITLE, error);
      }
    },
    async rename(threadId, name) {
      try {
        await renameChatThread(storyId, threadId, name);
        await changed();
        return true;
      } catch (error) {
        failed(THREAD_FAILED_TITLE, error);
        return false;
      }
    },
    async remove(threadId) {
      try {
        await deleteChatThread(storyId, threadId);
      } catch (error) {
        failed(THREAD_FAILED_TITLE, error);
        return false;
      }
      await changed();
      // NOTE: the main thread (whichever is oldest now) is shown after the shown one goes.
      if (threadId === (shownId ?? current?.id)) {
        setShownId(null);
        await queryClient.resetQueries({ queryKey: queryKeys.storyChat(storyId) });
      }
      return true;
    },
  };
}
