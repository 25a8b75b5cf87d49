// Unpublishing asks first (the story becomes private and can then be deleted).
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";

export const UNPUBLISH_TEXT =
  "Unpublishing makes your story private again: readers will no longer find it in Discover. Once it is private, you can delete it.";

export function UnpublishDialog({
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => Promise<boolean>;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent title="Unpublish this story?" description={UNPUBLISH_TEXT}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={pending}
            onClick={async () => {
              if (await onConfirm()) onOpenChange(false);
            }}
          >
            {pending ? <Spinner className="h-4 w-4" label="Unpublishing" /> : null}
            Unpublish
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
