// 'Feedback' with the count of comments the author has not seen, opening the Feedback panel (the details page).
import { MessageSquare } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { FeedbackPanel } from "./FeedbackPanel";
import { useUnseenFeedback } from "./queries";

export function feedbackLabel(unseen: number): string {
  return unseen > 0 ? `Feedback, ${unseen} new ${unseen === 1 ? "comment" : "comments"}` : "Feedback";
}

export function UnseenBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      data-testid="unseen-count"
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-pink-600 px-1.5 text-xs font-semibold leading-5 text-white"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** `openAt`: a comment to open the panel at (a comment notification's link). */
export function FeedbackButton({ storyId, openAt }: { storyId: string; openAt?: number }) {
  const [open, setOpen] = useState(openAt !== undefined);
  const unseen = useUnseenFeedback(storyId);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-label={feedbackLabel(unseen)}>
        <MessageSquare className="h-4 w-4" aria-hidden /> Feedback <UnseenBadge count={unseen} />
      </Button>
      <FeedbackPanel storyId={storyId} open={open} onOpenChange={setOpen} focusComment={openAt} />
    </>
  );
}
