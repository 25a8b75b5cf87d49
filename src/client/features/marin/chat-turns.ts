// The pane's turns that no AI route keeps (a greeting, a generation's request and what it did, an Undo), sent to
// the server one after another so they are kept in the order they were shown (decision 0052). A chat request waits
// for them (`idle`), so the question the chat route keeps never overtakes a turn shown before it.
import type { ChatTurnCreate, KeptChatTurn } from "../../../shared/schemas/marin-chat";
import { apiJson } from "../../lib/api";
import { urlOfKey } from "../../lib/query-keys";
import { chatKey } from "./thread-keys";

export interface TurnKeeper {
  keep(turn: ChatTurnCreate): Promise<void>;
  /** Resolves once every turn asked for so far has been answered. */
  idle(): Promise<void>;
}

export function createTurnKeeper(
  storyId: number,
  post: (url: string, turn: ChatTurnCreate) => Promise<unknown> = (url, turn) =>
    apiJson<KeptChatTurn>("POST", url, turn),
  /** The thread the pane shows; null is the story's main one. */
  threadId: number | null = null,
): TurnKeeper {
  const url = urlOfKey(chatKey(storyId, threadId));
  let last: Promise<void> = Promise.resolve();
  return {
    keep(turn) {
      last = last.then(() =>
        post(url, turn).then(
          () => {},
          // NOTE: the writer still sees the turn; only a reload or another device would miss it.
          (error: unknown) => console.warn("Could not keep a turn of the chat with Marin", error),
        ),
      );
      return last;
    },
    idle: () => last,
  };
}
