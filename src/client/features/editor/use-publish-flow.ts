// Publish and unpublish from the editor: unsaved changes are saved first, the answer's version is adopted
// only when it follows ours (see StorySaver.adoptWrite), and failures say so with the publish toasts (and, for
// a field the server refused, at that field in the dialog).
import type { PublishBody, StoryView } from "../../../shared/schemas/story";
import { toast } from "../../components/ui/toaster";
import { ApiError, errorMessage } from "../../lib/api";
import type { PublishOutcome } from "../publish/PublishDialog";
import { publishField } from "../publish/publish-form";
import { publishedToast } from "../publish/published-toast";
import { type FieldErrors, storyFieldErrors } from "../stories/field-errors";
import { usePublishStory, useUnpublishStory } from "../stories/queries";
import { useScheduleRelease } from "../scheduling/queries";
import { formatReleaseTime } from "../scheduling/release-time";
import type { StorySaver } from "./story-saver";

export function usePublishFlow(storyId: number, saver: StorySaver, onWritten: (story: StoryView) => void) {
  const publish = usePublishStory(storyId);
  const unpublish = useUnpublishStory(storyId);
  const schedule = useScheduleRelease(storyId);

  /** Issue 31: the whole publish at a later time; the dialog's fields are checked now, as a publish checks them. */
  async function scheduleWith(body: PublishBody, at: string, silent: boolean): Promise<PublishOutcome> {
    if (saver.isDirty()) {
      await saver.save();
      if (saver.conflict || saver.status === "error") return { published: false, fields: {} };
    }
    try {
      const release = await schedule.mutateAsync({ at, silent, publish: body });
      toast({ title: "Publication scheduled", description: `Your story goes live ${formatReleaseTime(release.at)}.` });
      return { published: true, fields: {} };
    } catch (error) {
      toast({ title: "Failed to schedule story", description: errorMessage(error), variant: "destructive" });
      return { published: false, fields: scheduleFieldErrors(error) };
    }
  }

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

  return {
    publishWith,
    scheduleWith,
    unpublishNow,
    publishing: publish.isPending || schedule.isPending,
    unpublishing: unpublish.isPending,
  };
}

/** A refused schedule's messages by the dialog's field: the publish fields nested under 'publish.', the time 'at'. */
function scheduleFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [path, text] of Object.entries(error.data.fields ?? {})) {
    const [first, second = ""] = path.split(".");
    const field = first === "at" ? "scheduleAt" : first === "publish" ? publishField(second) : undefined;
    if (field) errors[field] ??= text;
  }
  return errors;
}
