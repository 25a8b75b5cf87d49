// React side of ai-insertion.ts: one bridge per editor, and a stream in progress is dropped with the page.
import type { Editor } from "@tiptap/core";
import { useEffect, useMemo } from "react";
import type { EditorBridge } from "../marin/editor-bridge";
import { createAiInsertion, type InsertionSaver } from "./ai-insertion";

export function useAiInsertion(editor: Editor, saver: InsertionSaver): EditorBridge {
  const bridge = useMemo(() => createAiInsertion(editor, saver), [editor, saver]);
  useEffect(() => () => bridge.dispose(), [bridge]);
  return bridge;
}
