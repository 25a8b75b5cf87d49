// The reader's action row: like (with its count), bookmark, share and (issue 20, 31) the Download menu of a story
// that has a public page (published, not mature): EPUB, one HTML file, or PDF.
import { Bookmark, BookmarkCheck, ChevronDown, Clock, Download, Heart, NotebookPen } from "lucide-react";
import { useState } from "react";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { cn } from "../../lib/cn";
import { FollowSubscribe } from "../community/FollowSubscribe";
import { LOGIN_REQUIRED, LOGIN_REQUIRED_LIKE, useBookmarkQuery, useToggleBookmark, useToggleLike } from "./queries";
import { useSearch } from "wouter";
import { useAuth } from "../auth/auth-context";
import { ReportButton, type ReportTarget } from "../safety/ReportDialog";
import { parseChapterView } from "./reader-chapters";
import { ShareDialog } from "./ShareDialog";
import { shareUrl } from "./share-link";
import { BookmarkDialog } from "../bookmarks/BookmarkDialog";
import { useLaterState, useSetLater } from "../bookmarks/queries";
import { SaveOfflineButton } from "../offline/SaveOfflineButton";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";

/** The public page's downloads (server: public-page/download-routes.ts), in the order the menu lists them. */
const DOWNLOADS = [
  { extension: "epub", type: "application/epub+zip", label: "EPUB", hint: "e-readers and book apps" },
  { extension: "html", type: "text/html", label: "HTML", hint: "one file for any browser" },
  { extension: "pdf", type: "application/pdf", label: "PDF", hint: "to print or keep" },
] as const;

function DownloadMenu({ publicPath }: { publicPath: string }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" data-testid="reader-download">
          <Download className="h-4 w-4" aria-hidden />
          Download
          <ChevronDown className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {DOWNLOADS.map((file) => (
          <DropdownMenuItem key={file.extension} asChild>
            <a
              href={`${publicPath}/download.${file.extension}`}
              download
              type={file.type}
              data-testid={`reader-download-${file.extension}`}
            >
              <span className="font-medium">{file.label}</span>
              <span className="text-xs text-slate-500">{file.hint}</span>
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The story, and the chapter shown when the reader shows one of several (its wire id is "{storyId}:{n}"). */
function reportTargets(story: ReadStoryView, search: string): ReportTarget[] {
  const whole: ReportTarget = { type: "story", id: String(story.id), label: "This story" };
  if (story.chapters.length < 2) return [whole];
  const view = parseChapterView(search, story.chapters.length);
  if (view.kind !== "chapter") return [whole];
  return [whole, { type: "chapter", id: `${story.id}:${view.n}`, label: `Chapter ${view.n}` }];
}

export function ReaderActions({
  story,
  signedIn,
  authorBlocked = false,
}: {
  story: ReadStoryView;
  signedIn: boolean;
  /** The viewer blocks the author: the block ended the follow and subscription, and Unblock comes first. */
  authorBlocked?: boolean;
}) {
  const id = String(story.id);
  const bookmark = useBookmarkQuery(id, signedIn, story.bookmarked);
  const toggleBookmark = useToggleBookmark(id);
  const toggleLike = useToggleLike(id);
  const bookmarked = signedIn && (bookmark.data?.bookmarked ?? story.bookmarked);
  const { user } = useAuth();
  const search = useSearch();
  // Issue 30: what the bookmark says, and Mark for Later.
  const [editingBookmark, setEditingBookmark] = useState(false);
  const later = useLaterState(id, signedIn);
  const setLater = useSetLater(id);
  const markedLater = signedIn && later.data?.later === true;
  const onLater = () => {
    if (!signedIn)
      toast({
        title: "Login required",
        description: "Please log in to mark stories for later",
        variant: "destructive",
      });
    else
      setLater.mutate(!markedLater, {
        onSuccess: (state) =>
          toast({
            title: state.later ? "Marked for later" : "Marked as read",
            description: state.later ? "It waits on your History page." : undefined,
          }),
        onError: () => toast({ title: "Error", description: "Failed to mark for later", variant: "destructive" }),
      });
  };

  const onBookmark = () => {
    if (!signedIn) toast({ ...LOGIN_REQUIRED, variant: "destructive" });
    else toggleBookmark.mutate();
  };
  const onLike = () => {
    if (!signedIn) toast({ ...LOGIN_REQUIRED_LIKE, variant: "destructive" });
    else toggleLike.mutate();
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        onClick={onLike}
        aria-pressed={story.liked}
        aria-label={`Like (${story.likeCount})`}
        data-testid="reader-like"
        className={cn(story.liked && "border-pink-200 bg-pink-50 text-pink-700 hover:bg-pink-100")}
      >
        <Heart className={cn("h-4 w-4", story.liked && "fill-current")} aria-hidden />
        <span className="tabular-nums" data-testid="reader-like-count">
          {story.likeCount}
        </span>
      </Button>
      <Button
        variant="outline"
        onClick={onBookmark}
        disabled={toggleBookmark.isPending}
        aria-pressed={bookmarked}
        data-testid="reader-bookmark"
        className={cn(bookmarked && "border-brand-300 bg-brand-50")}
      >
        {bookmarked ? <BookmarkCheck className="h-4 w-4" aria-hidden /> : <Bookmark className="h-4 w-4" aria-hidden />}
        {bookmarked ? "Bookmarked" : "Bookmark"}
      </Button>
      {bookmarked ? (
        <Button variant="outline" onClick={() => setEditingBookmark(true)} data-testid="reader-bookmark-edit">
          <NotebookPen className="h-4 w-4" aria-hidden />
          {bookmark.data?.note || bookmark.data?.tags?.length || bookmark.data?.rec ? "Edit note" : "Add a note"}
        </Button>
      ) : null}
      <Button
        variant="outline"
        onClick={onLater}
        disabled={setLater.isPending}
        aria-pressed={markedLater}
        data-testid="reader-later"
        className={cn(markedLater && "border-brand-300 bg-brand-50")}
      >
        <Clock className="h-4 w-4" aria-hidden />
        {markedLater ? "Marked for Later" : "Mark for Later"}
      </Button>
      {/* Issue 31: kept in this browser for reading without a network. */}
      {signedIn && user ? <SaveOfflineButton story={story} user={user} /> : null}
      {signedIn ? (
        <BookmarkDialog
          storyId={id}
          title={story.title}
          state={bookmark.data}
          open={editingBookmark}
          onOpenChange={setEditingBookmark}
        />
      ) : null}
      {story.publicPath ? <DownloadMenu publicPath={story.publicPath} /> : null}
      <ShareDialog url={shareUrl(window.location.origin, story)} title={story.title} />
      {authorBlocked ? null : <FollowSubscribe story={story} signedIn={signedIn} />}
      {signedIn && user && user.id !== story.authorId ? <ReportButton targets={reportTargets(story, search)} /> : null}
    </div>
  );
}
