// Accept and Decline in place on a pending 'co_creator_invite' notification (issue 30); once answered, the state.
import { Check, X } from "lucide-react";
import type { NotificationView } from "../../../shared/schemas/community";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useAnswerInvitation } from "./queries";

const action =
  "inline-flex cursor-pointer items-center gap-1 rounded font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-60";

export function InvitationAnswer({
  notification: n,
  onAnswered,
}: {
  notification: NotificationView;
  onAnswered: () => void;
}) {
  const answer = useAnswerInvitation();
  if (n.type !== "co_creator_invite" || !n.subject) return null;
  if (n.subject.state !== "pending") {
    return <span data-testid="invitation-state">{n.subject.state === "accepted" ? "Accepted" : "Declined"}</span>;
  }
  const id = n.subject.id;
  const send = (kind: "accept" | "decline") =>
    answer.mutate(
      { id, answer: kind },
      {
        onSuccess: () => {
          onAnswered();
          toast({ title: kind === "accept" ? "You are now a co-creator of this work" : "Invitation declined" });
        },
        onError: (e) => toast({ title: errorMessage(e), variant: "destructive" }),
      },
    );
  return (
    <>
      <button
        type="button"
        className={`${action} text-brand-700`}
        disabled={answer.isPending}
        onClick={() => send("accept")}
      >
        <Check className="h-3.5 w-3.5" aria-hidden /> Accept
      </button>
      <button
        type="button"
        className={`${action} text-slate-600`}
        disabled={answer.isPending}
        onClick={() => send("decline")}
      >
        <X className="h-3.5 w-3.5" aria-hidden /> Decline
      </button>
    </>
  );
}
