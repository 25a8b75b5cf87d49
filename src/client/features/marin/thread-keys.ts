// The query key of the chat the pane shows: a named thread, or the story's main one (null).
import { queryKeys } from "../../lib/query-keys";

export const chatKey = (storyId: number, threadId: number | null) =>
  threadId === null ? queryKeys.storyChat(storyId) : queryKeys.storyChatThread(storyId, threadId);
