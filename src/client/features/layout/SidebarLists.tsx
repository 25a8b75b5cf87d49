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
import { type SavedStory, type SidebarStory, useMyStoriesList, useSavedStoriesList } from "./sidebar-queries";

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
        </span>
      </Link>
    </li>
  );
}

export function SidebarLists({ collapsed }: { collapsed: boolean }) {
  const { stories, isLoading: storiesLoading } = useMyStoriesList();
  const { saved, isLoading: savedLoading } = useSavedStoriesList();
  if (collapsed) return <CollapsedLists stories={stories} saved={saved} />;
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
      <Heading>Saved Stories</Heading>
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
    </div>
  );
}

function IconLink({ href, title, children }: { href: string; title: string; children: ReactNode }) {
  return (
    <li>
      <Tooltip content={title}>
        <Link
          href={href}
          aria-label={title}
          className="flex h-10 w-10 items-center justify-center rounded-lg hover:bg-brand-50"
        >
          {children}
        </Link>
      </Tooltip>
    </li>
  );
}

function CollapsedLists({ stories, saved }: { stories: SidebarStory[]; saved: SavedStory[] }) {
  return (
    <div className="space-y-2 px-3 pt-2">
      {stories.length > 0 && (
        <ul aria-label="Your Stories" className="space-y-1 border-t border-brand-100 pt-2">
          {stories.slice(0, COLLAPSED_STORY_ICONS).map((story) => (
            <IconLink key={story.id} href={ROUTES.story(story.id)} title={story.title}>
              <Cover src={story.coverImage} fallback={initial(story.title)} />
            </IconLink>
          ))}
        </ul>
      )}
      {saved.length > 0 && (
        <ul aria-label="Saved Stories" data-testid="saved-stories" className="space-y-1 border-t border-brand-100 pt-2">
          {saved.slice(0, COLLAPSED_SAVED_ICONS).map((story) => (
            <IconLink key={story.id} href={ROUTES.read(story.id)} title={`${story.title} ${byAuthor(story)}`}>
              <Cover src={story.coverImage} fallback={initial(story.title)} saved />
            </IconLink>
          ))}
        </ul>
      )}
    </div>
  );
}
