// The main area of /dashboard: welcome, today's writing, promo, My Stories, then Discover.
import { useAuth } from "../auth/auth-context";
import { DiscoverSection } from "../discover/DiscoverSection";
import { WritingGoalCard } from "../habits/WritingGoalCard";
import { ContinueReading } from "../reading-stats/ContinueReading";
import { useMyStoriesQuery } from "../stories/queries";
import { ScheduledReleases } from "../scheduling/ScheduledReleases";
import { MyStoriesCarousel } from "./MyStoriesCarousel";
import { PromoCard } from "./PromoCard";

export function DashboardHome() {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 p-4 sm:p-6 lg:p-8">
      <Greeting />
      <WritingGoalCard />
      <ContinueReading />
      <PromoCard />
      <MyStoriesCarousel />
      <ScheduledReleases />
      <DiscoverSection />
    </div>
  );
}

/** The welcome line: its own component, so the stories list arriving redraws this header, not the whole page. */
function Greeting() {
  const { user, firstVisit } = useAuth();
  const stories = useMyStoriesQuery();
  // NOTE: while the list loads, the returning writer's line (the common case) rather than a flash of the other.
  const hasStories = stories.data ? stories.data.length > 0 : !firstVisit;
  return (
    <header>
      {/* A first visit (the one that began with the user's first sign-in) is not "back". */}
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">
        {firstVisit ? `Welcome to FicForge, ${user?.username}!` : `Welcome back, ${user?.username}!`}
      </h1>
      <p className="mt-1 text-slate-600">
        {/* A writer with stories (imported, or made on another device) has a first story already. */}
        {hasStories
          ? "Pick up where you left off, or start something new."
          : "Start your first story with Marin, or see what other fans are writing."}
      </p>
    </header>
  );
}
