// /dashboard's 'Discover Stories': at most 4 published stories, 4 skeletons while loading,
// 'Featured' and 'For You' tabs that switch the feed, the NSFW toggle and a link to the browse page.
import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { DISCOVER_SKELETONS } from "../../../shared/limits";
import { ROUTES } from "../../../shared/routes";
import type { PublishedStoryItem } from "../../../shared/schemas/reading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useAuth } from "../auth/auth-context";
import { FollowingFeed } from "../community/FollowingFeed";
import { DiscoverEmpty } from "./DiscoverEmpty";
import { NsfwToggle } from "./NsfwToggle";
import { type NsfwGate, nsfwGate, visibleItems } from "./nsfw-gate";
import { useDiscoverPreview } from "./queries";
import { StoryTile, StoryTileSkeleton } from "./StoryTile";

type Feed = "featured" | "for-you" | "following";

const GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4";

export function DiscoverSection() {
  const { user } = useAuth();
  const [feed, setFeed] = useState<Feed>("featured");
  const [wanted, setWanted] = useState(false);
  const gate = nsfwGate({ isPremium: Boolean(user?.isPremium), wanted });

  return (
    <section aria-labelledby="discover-heading" className="space-y-4" data-testid="discover-section">
      <div className="flex items-center justify-between gap-3">
        <h2 id="discover-heading" className="text-lg font-bold text-ink sm:text-xl">
          Discover Stories
        </h2>
        <Link
          href={ROUTES.discover}
          className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap text-sm font-semibold text-brand-700 hover:underline"
        >
          Browse all <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
      <Tabs value={feed} onValueChange={(value) => setFeed(value as Feed)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList className="w-auto min-w-56" aria-label="Discover feed">
            <TabsTrigger value="featured">Featured</TabsTrigger>
            <TabsTrigger value="for-you">For You</TabsTrigger>
            <TabsTrigger value="following">Following</TabsTrigger>
          </TabsList>
          <NsfwToggle gate={gate} onChange={setWanted} />
        </div>
        <TabsContent value="featured" className="mt-4">
          <FeedGrid sort="featured" gate={gate} />
        </TabsContent>
        <TabsContent value="for-you" className="mt-4">
          <FeedGrid sort="for-you" gate={gate} />
        </TabsContent>
        <TabsContent value="following" className="mt-4">
          <FollowingFeed />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function FeedGrid({ sort, gate }: { sort: Exclude<Feed, "following">; gate: NsfwGate }) {
  const { items, isLoading } = useDiscoverPreview(sort, gate.param);
  const stories: PublishedStoryItem[] = visibleItems(items, gate);
  if (isLoading) {
    return (
      <ul className={GRID} aria-busy="true" aria-label="Loading stories">
        {Array.from({ length: DISCOVER_SKELETONS }, (_, i) => (
          <li key={i}>
            <StoryTileSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (stories.length === 0) return <DiscoverEmpty message={gate.emptyMessage} offerUpgrade={gate.offerUpgrade} />;
  return (
    <ul className={GRID} aria-label="Discover stories">
      {stories.map((story) => (
        <li key={story.id}>
          <StoryTile story={story} />
        </li>
      ))}
    </ul>
  );
}
