// What the pane shows about the editor (a selection to rewrite, an insertion to undo), kept current through the
// bridge's subscription.
import { useEffect, useState } from "react";
import type { EditorBridge } from "./editor-bridge";

export interface BridgeState {
  hasSelection: boolean;
  hasInsertion: boolean;
  /** Bumped on every selection or content change: a refresh trigger for the context line. */
  revision: number;
}

export function useBridgeState(bridge: EditorBridge | null): BridgeState {
  const [state, setState] = useState<BridgeState>({ hasSelection: false, hasInsertion: false, revision: 0 });
  useEffect(() => {
    if (!bridge) return;
    const read = () =>
      setState((old) => ({
        hasSelection: bridge.selectedText().trim() !== "",
        hasInsertion: bridge.lastInsertion() !== null,
        revision: old.revision + 1,
      }));
    read();
    return bridge.subscribe(read);
  }, [bridge]);
  return state;
}
