// Delete confirmation of SPEC.md section 4: Cancel closes; Delete shows 'Deleting...', then a toast and a fresh list.
import { useState } from "react";
import type { StoryListItem } from "../../../shared/schemas/story";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
} from "../../components/ui/alert-dialog";
import { toast } from "../../components/ui/toaster";
import { useDeleteStory } from "../stories/queries";
import { deleteErrorDescription } from "./delete-error";

export function DeleteStoryDialog({ story, onClose }: { story: StoryListItem | null; onClose: () => void }) {
  const deleteStory = useDeleteStory();
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (!story) return;
    setPending(true);
    try {
      await deleteStory.mutateAsync(story.id);
      toast({ title: "Story deleted", description: `"${story.title}" has been deleted.` });
    } catch (error) {
      toast({ title: "Failed to delete story", description: deleteErrorDescription(error), variant: "destructive" });
    } finally {
      setPending(false);
      onClose();
    }
  }

  return (
    <AlertDialog open={story !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent
        title="Delete this story?"
        description={story ? `"${story.title}" will be deleted permanently. This cannot be undone.` : undefined}
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
    </AlertDialog>
  );
}
