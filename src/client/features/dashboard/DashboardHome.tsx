// The main area of /dashboard (SPEC.md section 2): welcome, today's writing, promo, My Stories, then Discover.
import { useAuth } from "../auth/auth-context";
import { DiscoverSection } from "../discover/DiscoverSection";
import { WritingGoalCard } from "../habits/WritingGoalCard";
import { ContinueReading } from "../reading-stats/ContinueReading";
import { MyStoriesCarousel } from "./MyStoriesCarousel";
import { PromoCard } from "./PromoCard";

export function DashboardHome() {
  const { user, firstVisit } = useAuth();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 p-4 sm:p-6 lg:p-8">
      <header>
        {/* A first visit (the one that began with the user's first sign-in) is not "back". */}
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">
          {firstVisit ? `Welcome to FicForge, ${user?.username}!` : `Welcome back, ${user?.username}!`}
        </h1>
        <p className="mt-1 text-slate-600">
          {firstVisit
            ? "Start your first story with Marin, or see what other fans are writing."
            : "Pick up where you left off, or start something new."}
        </p>
      </header>
      <WritingGoalCard />
      <ContinueReading />
      <PromoCard />
      <MyStoriesCarousel />
      <DiscoverSection />
    </div>
  );
}
