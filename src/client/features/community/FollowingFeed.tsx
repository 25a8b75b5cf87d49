// Discover's 'Following' tab: new stories and chapters from the authors the reader follows and the stories they
// subscribe to, newest first, a page at a time.
import { ANONYMOUS_CREATOR } from "../../../shared/anonymous";
import { CoCreatorLinks } from "../co-creators/CoCreatorLinks";
import { useState } from "react";
import { Link } from "wouter";
import { authorPath, ROUTES } from "../../../shared/routes";
import type { AiLabel } from "../../../shared/ai-label";
import type { FollowingItem } from "../../../shared/schemas/community";
import { Button } from "../../components/ui/button";
import { AiBadge } from "../ai/AiBadge";
import { timeAgo } from "./notification-text";
import { useFollowingFeed } from "./queries";
import { HiddenByAi } from "../discover/AiFilterGroup";

const KIND: Record<FollowingItem["kind"], (item: FollowingItem) => string> = {
  story: () => "New story",
  chapter: (item) => `Chapter ${item.chapterNumber ?? ""}`,
};

/** A feed item may carry the work's AI label and share (absent: human-written). */
type LabelledItem = FollowingItem & { aiLabel?: AiLabel; aiShare?: number };

export function FollowingFeed() {
  const [showAll, setShowAll] = useState(false);
  const feed = useFollowingFeed(showAll);
  const items: LabelledItem[] = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const hidden = feed.data?.pages.reduce((sum, page) => sum + (page.hiddenByAi ?? 0), 0) ?? 0;
  const hiddenLine = <HiddenByAi count={hidden} onShow={() => setShowAll(true)} />;
  if (feed.isLoading) return <p className="text-sm text-slate-500">Loading…</p>;
  if (feed.isError) return <p className="text-sm text-red-700">Couldn't load the stories you follow.</p>;
  if (items.length === 0) {
    return (
      <div className="space-y-3">
        {hiddenLine}
        <p className="rounded-2xl border border-dashed border-brand-200 bg-white p-8 text-center text-sm text-slate-600">
          Nothing here yet. Follow authors on their pages, or subscribe to a story in the reader, and their new work
          shows up here.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {hiddenLine}
      <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="From authors and stories you follow">
        {items.map((item) => (
          <li
            key={`${item.kind}:${item.storyId}:${item.chapterNumber ?? ""}`}
            className="relative rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
            data-testid="following-item"
          >
            <p className="text-xs font-semibold uppercase tracking-wide text-pink-700">
              {KIND[item.kind](item)} · <time dateTime={item.at}>{timeAgo(item.at)}</time>
            </p>
            <h3 className="mt-1 font-serif text-lg font-bold leading-snug text-ink [overflow-wrap:anywhere]">
              <Link
                href={ROUTES.read(item.storyId)}
                className="after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-400"
              >
                {item.title.trim() || "Untitled"}
              </Link>
            </h3>
            <p className="text-sm text-slate-600">
              by{" "}
              {item.author.username === ANONYMOUS_CREATOR ? (
                <span className="font-medium">{ANONYMOUS_CREATOR}</span>
              ) : (
                <a
                  href={authorPath(item.author.username)}
                  className="relative z-10 font-medium text-brand-700 hover:underline"
                >
                  {item.author.username}
                </a>
              )}
              <CoCreatorLinks
                coCreators={item.coCreators}
                className="relative z-10 font-medium text-brand-700 hover:underline"
              />
            </p>
            <AiBadge label={item.aiLabel} aiShare={item.aiShare} className="mt-1" />
            {item.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{item.description}</p>}
          </li>
        ))}
      </ul>
      {feed.hasNextPage && (
        <Button
          variant="outline"
          className="w-full"
          disabled={feed.isFetchingNextPage}
          onClick={() => feed.fetchNextPage()}
        >
          {feed.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
    </div>
  );
}
