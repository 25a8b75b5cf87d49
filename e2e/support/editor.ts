// E2E helpers for the story editor.

/**
 * True when the editor's caret is at the end of the story. Run in the page (locator.evaluate) on the editor's
 * element; the editor takes the caret from the browser's selectionchange event a moment after a key like Ctrl+End,
 * so poll this before typing.
 */
export function caretAtEnd(element: HTMLElement): boolean {
  type Node = { lastChild: Node | null; isTextblock: boolean };
  const editor = (
    element as HTMLElement & {
      editor: { state: { doc: Node & { content: { size: number } }; selection: { head: number } } };
    }
  ).editor;
  const { doc, selection } = editor.state;
  let end = doc.content.size;
  for (let node: Node = doc; !node.isTextblock && node.lastChild; node = node.lastChild) end -= 1;
  return selection.head === end;
}
