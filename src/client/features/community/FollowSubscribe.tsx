// The reader's 'Follow' (the author) and 'Subscribe' (this story's updates; apart from bookmarks).
import { BellPlus, BellRing, UserCheck, UserPlus } from "lucide-react";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useFollowState, useSubscription, useToggleFollow, useToggleSubscription } from "./queries";

export function FollowSubscribe({ story, signedIn }: { story: ReadStoryView; signedIn: boolean }) {
  const name = story.author?.username ?? "";
  const follow = useFollowState(name, signedIn && name !== "");
  const subscription = useSubscription(story.id, signedIn);
  const toggleFollow = useToggleFollow(name);
  const toggleSubscription = useToggleSubscription(story.id);
  if (!signedIn) return null;
  const onError = (error: unknown) => toast({ title: errorMessage(error), variant: "destructive" });
  const following = follow.data?.following ?? false;
  const subscribed = subscription.data?.subscribed ?? false;
  return (
    <>
      {name && (
        <Button
          variant="outline"
          aria-pressed={following}
          disabled={!follow.data || toggleFollow.isPending}
          onClick={() => toggleFollow.mutate(!following, { onError })}
          data-testid="reader-follow"
          className={cn(following && "border-brand-300 bg-brand-50")}
        >
          {following ? <UserCheck className="h-4 w-4" aria-hidden /> : <UserPlus className="h-4 w-4" aria-hidden />}
          {following ? "Following" : "Follow"}
          <span className="sr-only"> {name}</span>
        </Button>
      )}
      <Button
        variant="outline"
        aria-pressed={subscribed}
        disabled={!subscription.data || toggleSubscription.isPending}
        onClick={() => toggleSubscription.mutate(!subscribed, { onError })}
        data-testid="reader-subscribe"
        className={cn(subscribed && "border-brand-300 bg-brand-50")}
      >
        {subscribed ? <BellRing className="h-4 w-4" aria-hidden /> : <BellPlus className="h-4 w-4" aria-hidden />}
        {subscribed ? "Subscribed" : "Subscribe"}
      </Button>
    </>
  );
}
