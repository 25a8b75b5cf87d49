// Under the email in Settings: an address waiting for its confirmation link, from the server's state (so it shows
// after a reload and on another device), with a way to cancel the change.
import type { SignInMethods } from "../../../shared/schemas/account-life";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useCancelEmailChange } from "./queries";

export function PendingEmail({ pending }: { pending: SignInMethods["pendingEmail"] | undefined }) {
  const cancel = useCancelEmailChange();
  if (!pending) return null;
  return (
    <div className="mt-1 rounded-md bg-amber-50 px-2 py-1.5 text-amber-950" data-testid="pending-email">
      <p>
        Waiting for confirmation at <strong className="break-all">{pending.address}</strong>. Open the link we sent
        there to finish the change.
      </p>
      <Button
        variant="outline"
        size="sm"
        className="mt-1.5 bg-white"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(undefined, {
            onSuccess: ({ message }) => toast({ title: "Email change cancelled", description: message }),
            onError: (error) =>
              toast({ title: "Couldn't cancel", description: errorMessage(error), variant: "destructive" }),
          })
        }
      >
        Cancel email change
      </Button>
    </div>
  );
}
