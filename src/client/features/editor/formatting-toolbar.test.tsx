// @vitest-environment jsdom
// The toolbar's flags: none read while the story loads in slices (each slice is a transaction, and reading the flags
// walked the document on every one), read and shown once the editor is ready.
import { Editor } from "@tiptap/react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { TooltipProvider } from "../../components/ui/tooltip";
import { editorExtensions } from "./extensions";
import { FormattingToolbar } from "./FormattingToolbar";

afterEach(cleanup);

it("reads no flags while loading, and shows them once ready", () => {
  const editor = new Editor({ extensions: editorExtensions(), content: "<p><strong>Mia</strong> ran.</p>" });
  const isActive = vi.spyOn(editor, "isActive");
  const bar = (ready: boolean) => (
    <TooltipProvider>
      <FormattingToolbar editor={editor} ready={ready} />
    </TooltipProvider>
  );
  const view = render(bar(false));
  act(() => {
    for (let i = 0; i < 5; i++) editor.commands.insertContentAt(editor.state.doc.content.size, "<p>More.</p>");
  });
  expect(isActive).not.toHaveBeenCalled();
  const bold = () => screen.getByRole("button", { name: "Bold" }) as HTMLButtonElement;
  expect(bold().disabled).toBe(true);

  view.rerender(bar(true));
  act(() => void editor.commands.setTextSelection(2));
  expect(isActive).toHaveBeenCalled();
  expect(bold().getAttribute("aria-pressed")).toBe("true");
  expect(bold().disabled).toBe(false);
  editor.destroy();
});
