// 'Your Stories' and 'Saved Stories'. Expanded: a list area about 220 px high that scrolls.
// Collapsed: up to 5 story icons and 3 saved icons, each with its title in a tooltip. A saved icon's name (and
// tooltip) says the author as its expanded row does, so on a phone, where the sidebar is always collapsed, a screen
// reader hears the same as the wide screen shows.
import { BookMarked, BookOpen } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { COLLAPSED_SAVED_ICONS, COLLAPSED_STORY_ICONS, SIDEBAR_LIST_HEIGHT_PX } from "../../../shared/limits";
import { Skeleton } from "../../components/ui/skeleton";
import { Tooltip } from "../../components/ui/tooltip";
import { cn } from "../../lib/cn";
import {
  type SavedStory,
  type SidebarStory,
  useHiddenSavedCount,
  useMyStoriesList,
  useSavedStoriesList,
} from "./sidebar-queries";
import { AiBadge } from "../ai/AiBadge";

function Cover({ src, fallback, saved = false }: { src: string | null; fallback: ReactNode; saved?: boolean }) {
  // A cover that fails to load (deleted image) shows the fallback instead of a broken image.
  const [broken, setBroken] = useState(false);
  return src && !broken ? (
    <img
      src={src}
      alt=""
      className="h-8 w-8 shrink-0 rounded-md object-cover"
      loading="lazy"
      onError={() => setBroken(true)}
    />
  ) : (
    <span
      aria-hidden
      className={cn(
        "flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-sm font-semibold",
        saved ? "bg-pink-100 text-pink-700" : "bg-brand-100 text-brand-700",
      )}
    >
      {fallback}
    </span>
  );
}

/** Collapsed icons without a cover show the title's first letter, so they can be told apart. */
function initial(title: string): string {
  return title.trim().charAt(0).toUpperCase() || "?";
}

function Heading({ children }: { children: ReactNode }) {
  return <h2 className="px-2.5 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{children}</h2>;
}

function Loading() {
  return (
    <div className="space-y-2 px-2.5 py-1">
      <Skeleton className="h-8" />
      <Skeleton className="h-8" />
    </div>
  );
}

const row =
  "flex items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-ink";

function StoryRow({ story }: { story: SidebarStory }) {
  return (
    <li>
      <Link href={ROUTES.story(story.id)} className={row}>
        <Cover src={story.coverImage} fallback={<BookOpen className="h-4 w-4" aria-hidden />} />
        <span className="truncate">{story.title}</span>
      </Link>
    </li>
  );
}

function byAuthor(story: SavedStory): string {
  return `by ${story.author?.username || "Unknown"}`;
}

function SavedRow({ story }: { story: SavedStory }) {
  return (
    <li>
      <Link href={ROUTES.read(story.id)} className={row}>
        <Cover src={story.coverImage} fallback={<BookMarked className="h-4 w-4" aria-hidden />} saved />
        <span className="min-w-0">
          <span className="block truncate">{story.title}</span>
          <span className="block truncate text-xs text-slate-500">{byAuthor(story)}</span>
          <AiBadge label={story.aiLabel} aiShare={story.aiShare} className="mt-0.5 px-1.5 text-[10px]" />
        </span>
      </Link>
    </li>
  );
}

const hiddenText = (n: number) =>
  `${n === 1 ? "1 saved story is" : `${n} saved stories are`} hidden because you block or mute the author.`;

/** Saved Stories says how many stories a block hides instead of quietly shrinking, with the way to lift it. */
function HiddenSaved({ count, collapsed }: { count: number; collapsed: boolean }) {
  if (count === 0) return null;
  if (collapsed) {
    return (
      <Link
        href={ROUTES.blockedAndMuted}
        aria-label={`${hiddenText(count)} Manage blocks`}
        className="block w-10 rounded-md px-0.5 text-center text-[10px] leading-tight text-slate-600 underline"
        data-testid="saved-hidden"
      >
        {count} hidden
      </Link>
    );
  }
  return (
    <p className="px-2.5 py-1 text-xs text-slate-600" data-testid="saved-hidden">
      {hiddenText(count)}{" "}
      <Link href={ROUTES.blockedAndMuted} className="font-medium text-brand-700 underline underline-offset-2">
        Manage blocks
      </Link>
    </p>
  );
}

export function SidebarLists({ collapsed }: { collapsed: boolean }) {
  const { stories, isLoading: storiesLoading } = useMyStoriesList();
  const { saved, isLoading: savedLoading } = useSavedStoriesList();
  const hidden = useHiddenSavedCount();
  if (collapsed) return <CollapsedLists stories={stories} saved={saved} hidden={hidden} />;
  return (
    <div
      className="mt-3 overflow-y-auto border-y border-brand-100 px-3 pb-2"
      style={{ height: SIDEBAR_LIST_HEIGHT_PX }}
      data-testid="sidebar-lists"
    >
      <Heading>Your Stories</Heading>
      {storiesLoading ? (
        <Loading />
      ) : stories.length === 0 ? (
        <p className="px-2.5 py-1 text-sm text-slate-500">No stories yet</p>
      ) : (
        <ul aria-label="Your Stories">
          {stories.map((story) => (
            <StoryRow key={story.id} story={story} />
          ))}
        </ul>
      )}
      <div className="flex items-baseline justify-between pr-2.5">
        <Heading>Saved Stories</Heading>
        {/* Issue 30: the whole list, with notes, tags and filters. */}
        <Link href={ROUTES.savedStories} className="text-xs font-medium text-brand-700 hover:underline">
          See all
        </Link>
      </div>
      {savedLoading ? (
        <Loading />
      ) : saved.length === 0 ? (
        <p className="px-2.5 py-1 text-sm text-slate-500">No saved stories</p>
      ) : (
        <ul aria-label="Saved Stories" data-testid="saved-stories">
          {saved.map((story) => (
            <SavedRow key={story.id} story={story} />
          ))}
        </ul>
      )}
      <HiddenSaved count={hidden} collapsed={false} />
    </div>
  );
}

/**
 * A collapsed story: its cover or initial with the title's start written under it, so a phone (where the sidebar is
 * always collapsed) shows which story each tile opens; the full title and author are its name and tooltip.
 */
function IconLink({
  href,
  title,
  label,
  children,
}: {
  href: string;
  title: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Tooltip content={title}>
        <Link
          href={href}
          aria-label={title}
          className="flex w-10 flex-col items-center gap-0.5 rounded-lg py-1 hover:bg-brand-50"
        >
          {children}
          <span aria-hidden className="w-10 truncate text-center text-[10px] leading-tight text-slate-600">
            {label}
          </span>
        </Link>
      </Tooltip>
    </li>
  );
}

/** The group's name above its tiles: 'Yours' and 'Saved' say which list a tile belongs to. */
function GroupLabel({ children }: { children: ReactNode }) {
  return (
    <p aria-hidden className="w-10 text-center text-[10px] font-semibold uppercase tracking-wide text-slate-500">
      {children}
    </p>
  );
}

function CollapsedLists({ stories, saved, hidden }: { stories: SidebarStory[]; saved: SavedStory[]; hidden: number }) {
  return (
    <div className="space-y-2 px-3 pt-2">
      {stories.length > 0 && (
        <div className="space-y-1 border-t border-brand-100 pt-2">
          <GroupLabel>Yours</GroupLabel>
          <ul aria-label="Your Stories" className="space-y-1">
            {stories.slice(0, COLLAPSED_STORY_ICONS).map((story) => (
              <IconLink key={story.id} href={ROUTES.story(story.id)} title={story.title} label={story.title}>
                <Cover src={story.coverImage} fallback={initial(story.title)} />
              </IconLink>
            ))}
          </ul>
        </div>
      )}
      {(saved.length > 0 || hidden > 0) && (
        <div className="space-y-1 border-t border-brand-100 pt-2">
          <GroupLabel>Saved</GroupLabel>
          {saved.length > 0 && (
            <ul aria-label="Saved Stories" data-testid="saved-stories" className="space-y-1">
              {saved.slice(0, COLLAPSED_SAVED_ICONS).map((story) => (
                <IconLink
                  key={story.id}
                  href={ROUTES.read(story.id)}
                  title={`${story.title} ${byAuthor(story)}`}
                  label={story.title}
                >
                  <Cover src={story.coverImage} fallback={initial(story.title)} saved />
                </IconLink>
              ))}
            </ul>
          )}
          <HiddenSaved count={hidden} collapsed />
        </div>
      )}
    </div>
  );
}
