// Restoring from the editor: what the writer typed is saved first (so the text the restore replaces, and keeps as a
// version, is all of it), then the editor shows the restored text and adopts the story's new version.
import type { Editor } from "@tiptap/core";
import type { StoryView } from "../../../shared/schemas/story";
import type { VersionView } from "../../../shared/schemas/versions";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { EDITOR_PARSE_OPTIONS } from "../editor/extensions";
import { normalizeEditorHtml } from "../editor/html-text";
import type { StorySaver } from "../editor/story-saver";
import { useRestoreVersion } from "./queries";

export function useRestoreIntoEditor(
  storyId: number,
  editor: Editor,
  saver: StorySaver,
  onRestored: (story: StoryView) => void,
) {
  const restore = useRestoreVersion(storyId);
  /** `readersSeeIt`: the writer was told that readers of the published story see the version at once. */
  return async (version: VersionView, readersSeeIt: boolean): Promise<void> => {
    // NOTE: a save that fails (a conflict, offline) stops here; its own dialog or toast says why.
    if (saver.isDirty() && !(await saver.save())) return;
    let story: StoryView;
    try {
      story = await restore.mutateAsync({ versionId: version.id, readersSeeIt });
    } catch (error) {
      toast({ title: "Failed to restore version", description: errorMessage(error), variant: "destructive" });
      return;
    }
    editor.commands.setContent(story.content, { emitUpdate: false, parseOptions: EDITOR_PARSE_OPTIONS });
    saver.takeTheirs(story, normalizeEditorHtml(editor.getHTML()));
    onRestored(story);
    toast({ title: "Version restored", description: "Your previous text is kept in History." });
  };
}
