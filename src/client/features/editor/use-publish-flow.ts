// Publish and unpublish from the editor: unsaved changes are saved first, the answer's version is adopted
// only when it follows ours (see StorySaver.adoptWrite), and failures say so with the publish toasts (and, for
// a field the server refused, at that field in the dialog).
import type { PublishBody, StoryView } from "../../../shared/schemas/story";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import type { PublishOutcome } from "../publish/PublishDialog";
import { publishField } from "../publish/publish-form";
import { publishedToast } from "../publish/published-toast";
import { storyFieldErrors } from "../stories/field-errors";
import { usePublishStory, useUnpublishStory } from "../stories/queries";
import type { StorySaver } from "./story-saver";

export function usePublishFlow(storyId: number, saver: StorySaver, onWritten: (story: StoryView) => void) {
  const publish = usePublishStory(storyId);
  const unpublish = useUnpublishStory(storyId);

  async function publishWith(body: PublishBody): Promise<PublishOutcome> {
    if (saver.isDirty()) {
      await saver.save();
      // A conflict opens its own dialog; a failed save has toasted already. Publishing now would hide either.
      if (saver.conflict || saver.status === "error") return { published: false, fields: {} };
    }
    try {
      const story = await publish.mutateAsync(body);
      onWritten(story);
      publishedToast(story);
      return { published: true, fields: {} };
    } catch (error) {
      toast({ title: "Failed to publish story", description: errorMessage(error), variant: "destructive" });
      return { published: false, fields: storyFieldErrors(error, publishField) };
    }
  }

  async function unpublishNow(): Promise<boolean> {
    try {
      const story = await unpublish.mutateAsync(undefined);
      onWritten(story);
      toast({ title: "Story unpublished", description: "Your story is private again." });
      return true;
    } catch (error) {
      toast({ title: "Failed to unpublish story", description: errorMessage(error), variant: "destructive" });
      return false;
    }
  }

  return { publishWith, unpublishNow, publishing: publish.isPending, unpublishing: unpublish.isPending };
}
