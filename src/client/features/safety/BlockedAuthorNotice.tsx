// The reader of a story by someone the viewer blocks says so, with Unblock: the story shows because they opened it,
// but the block ended their follow and subscriptions and hides the author everywhere else.
import { Ban } from "lucide-react";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useHidePerson, useHiddenPeople } from "./queries";

/** Whether the signed-in viewer blocks `username` (any case); false while unknown or signed out. */
export function useBlocks(username: string | undefined, signedIn: boolean): boolean {
  const people = useHiddenPeople(signedIn);
  const name = username?.toLowerCase();
  return Boolean(name && people.data?.blocked.some((p) => p.username.toLowerCase() === name));
}

export function BlockedAuthorNotice({ username }: { username: string }) {
  const hide = useHidePerson();
  const unblock = () =>
    hide.mutate(
      { kind: "block", username, on: false },
      {
        onSuccess: () => toast({ title: `${username} is unblocked`, description: "You'll see their stories again." }),
        onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
      },
    );
  return (
    <section
      aria-labelledby="blocked-author-heading"
      className="mb-5 flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center"
      data-testid="blocked-author"
    >
      <Ban className="hidden h-6 w-6 shrink-0 text-amber-700 sm:block" aria-hidden />
      <div className="min-w-0 flex-1 text-sm text-amber-950">
        <h2 id="blocked-author-heading" className="font-semibold">
          You blocked {username}
        </h2>
        <p>
          Their stories, comments and notifications are hidden from you, and you no longer follow them or their stories.
          This one shows because you opened it.
        </p>
      </div>
      <Button variant="outline" className="shrink-0 bg-white" disabled={hide.isPending} onClick={unblock}>
        Unblock {username}
      </Button>
    </section>
  );
}
