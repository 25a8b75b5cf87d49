// The formatting toolbar bound to the editor: toolbar-view.tsx draws it, this keeps its flags current.
import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import type { ReactNode } from "react";
import { TOOLS, ToolbarView } from "./ToolbarView";

const flagsOf = (e: Editor) =>
  TOOLS.map((tool) => `${tool.active?.(e) ? 1 : 0}${tool.enabled ? (tool.enabled(e) ? 1 : 0) : 1}`).join("");
const none = (): string | null => null;

/**
 * `children` go at the end of the bar (focus mode's button). Until `ready` (the story still loading in slices, the
 * page inert) the bar shows no flags and reads none: read on each slice's transaction, they were ~20 ms of the
 * opening's main thread in a profile of a 5,000-word story (isActive's walks over the document), about a tenth of it.
 */
export function FormattingToolbar({
  editor,
  ready,
  children,
}: {
  editor: Editor;
  ready: boolean;
  children?: ReactNode;
}) {
  // Re-render only when an active or enabled flag changes, not on every keystroke.
  const flags = useEditorState({ editor, selector: ready ? ({ editor: e }) => flagsOf(e) : none });
  return (
    <ToolbarView flags={flags} onRun={(tool) => tool.run(editor)}>
      {children}
    </ToolbarView>
  );
}
