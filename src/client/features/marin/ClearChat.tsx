// 'Clear chat' (issue 20, section 2): asks first, since the conversation goes from every device, then deletes it.
import { Trash2 } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
} from "../../components/ui/alert-dialog";

export const CLEAR_CHAT_TITLE = "Clear chat?";
export const CLEAR_CHAT_TEXT =
  "Your conversation with Marin about this story will be deleted on every device. Your story is not changed.";

export function ClearChatButton({ disabled, onClear }: { disabled: boolean; onClear: () => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      if (await onClear()) setOpen(false);
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label="Clear chat"
        title="Clear chat"
        className="inline-flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-lg border border-brand-200 bg-white text-slate-600 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 disabled:cursor-not-allowed disabled:opacity-50"
        data-testid="marin-clear-chat"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
      <AlertDialogContent title={CLEAR_CHAT_TITLE} description={CLEAR_CHAT_TEXT}>
        <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
        <AlertDialogAction
          variant="destructive"
          disabled={pending}
          onClick={(event) => {
            // Open until the server has answered, so a failure leaves the choice on screen.
            event.preventDefault();
            void confirm();
          }}
        >
          {pending ? "Clearing..." : "Clear chat"}
        </AlertDialogAction>
      </AlertDialogContent>
    </AlertDialog>
  );
}
