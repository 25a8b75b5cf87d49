// The formatting toolbar bound to the editor: toolbar-view.tsx draws it, this keeps its flags current.
import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import type { ReactNode } from "react";
import { TOOLS, ToolbarView } from "./ToolbarView";

/** `children` go at the end of the bar (focus mode's button). */
export function FormattingToolbar({ editor, children }: { editor: Editor; children?: ReactNode }) {
  // Re-render only when an active or enabled flag changes, not on every keystroke.
  const flags = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      TOOLS.map((tool) => `${tool.active?.(e) ? 1 : 0}${tool.enabled ? (tool.enabled(e) ? 1 : 0) : 1}`).join(""),
  });
  return (
    <ToolbarView flags={flags} onRun={(tool) => tool.run(editor)}>
      {children}
    </ToolbarView>
  );
}
