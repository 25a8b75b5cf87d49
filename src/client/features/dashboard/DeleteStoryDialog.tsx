// Delete confirmation: Cancel closes; Delete shows 'Deleting...', then a toast and a fresh list.
// A published story cannot be deleted (the server refuses it), so for one the dialog says so first and offers
// Unpublish in place; once private, the same dialog asks to delete it.
import { useState } from "react";
import type { StoryListItem } from "../../../shared/schemas/story";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
} from "../../components/ui/alert-dialog";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { UNPUBLISH_TEXT } from "../publish/UnpublishDialog";
import { useDeleteStory, useUnpublishStory } from "../stories/queries";
import { deleteErrorDescription, UNPUBLISH_FIRST } from "./delete-error";

export const MUST_UNPUBLISH_TITLE = "Unpublish before deleting";

export function mustUnpublishText(title: string): string {
  return `"${title}" is published, and a published story can't be deleted. ${UNPUBLISH_TEXT}`;
}

export function DeleteStoryDialog({
  story,
  onClose,
  onDeleted,
}: {
  story: StoryListItem | null;
  onClose: () => void;
  /** After the deletion (the dialog has closed): e.g. leave the deleted story's page. */
  onDeleted?: () => void;
}) {
  // Which story ids this dialog has learned are published (the server refused) or private (unpublished here),
  // since the card's `published` may be older than either.
  const [published, setPublished] = useState<Record<number, boolean>>({});
  const [pending, setPending] = useState(false);
  const isPublished = story !== null && (published[story.id] ?? story.published);

  return (
    <AlertDialog open={story !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      {story && isPublished ? (
        <UnpublishFirst
          story={story}
          pending={pending}
          setPending={setPending}
          onUnpublished={() => setPublished((known) => ({ ...known, [story.id]: false }))}
        />
      ) : story ? (
        <ConfirmDelete
          story={story}
          pending={pending}
          setPending={setPending}
          onRefusedAsPublished={() => setPublished((known) => ({ ...known, [story.id]: true }))}
          onClose={onClose}
          onDeleted={onDeleted}
        />
      ) : null}
    </AlertDialog>
  );
}

interface StepProps {
  story: StoryListItem;
  pending: boolean;
  setPending: (pending: boolean) => void;
}

function ConfirmDelete({
  story,
  pending,
  setPending,
  onRefusedAsPublished,
  onClose,
  onDeleted,
}: StepProps & { onRefusedAsPublished: () => void; onClose: () => void; onDeleted?: () => void }) {
  const deleteStory = useDeleteStory();

  async function confirm() {
    setPending(true);
    try {
      await deleteStory.mutateAsync(story.id);
      toast({ title: "Story deleted", description: `"${story.title}" has been deleted.` });
      onClose();
      onDeleted?.();
    } catch (error) {
      const description = deleteErrorDescription(error);
      // Published since the list was loaded (another tab): say so here and offer Unpublish, not a toast.
      if (description === UNPUBLISH_FIRST) onRefusedAsPublished();
      else {
        toast({ title: "Failed to delete story", description, variant: "destructive" });
        onClose();
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialogContent
      title="Delete this story?"
      description={`"${story.title}" will be deleted permanently. This cannot be undone.`}
    >
      <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
      <AlertDialogAction
        variant="destructive"
        disabled={pending}
        onClick={(event) => {
          // Keep the dialog open while the request runs so 'Deleting...' is visible.
          event.preventDefault();
          void confirm();
        }}
      >
        {pending ? "Deleting..." : "Delete"}
      </AlertDialogAction>
    </AlertDialogContent>
  );
}

function UnpublishFirst({ story, pending, setPending, onUnpublished }: StepProps & { onUnpublished: () => void }) {
  const unpublish = useUnpublishStory(story.id);

  async function confirm() {
    setPending(true);
    try {
      await unpublish.mutateAsync(undefined);
      toast({ title: "Story unpublished", description: "Your story is private again." });
      onUnpublished();
    } catch (error) {
      toast({ title: "Failed to unpublish story", description: errorMessage(error), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialogContent title={MUST_UNPUBLISH_TITLE} description={mustUnpublishText(story.title)}>
      <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
      <AlertDialogAction
        disabled={pending}
        onClick={(event) => {
          // Stay open: once private, this dialog goes on to ask about deleting.
          event.preventDefault();
          void confirm();
        }}
      >
        {pending ? "Unpublishing..." : "Unpublish"}
      </AlertDialogAction>
    </AlertDialogContent>
  );
}
