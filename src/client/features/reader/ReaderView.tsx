// /dashboard/story/{id}/read: loading, 'Story not found', the author sent to the editor, or
// the story with its actions, chapters and comments.
import { ArrowLeft, FileQuestion } from "lucide-react";
import { useMemo } from "react";
import { Link, Redirect } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { Skeleton } from "../../components/ui/skeleton";
import { useAuth } from "../auth/auth-context";
import { BlockedAuthorNotice, useBlocks } from "../safety/BlockedAuthorNotice";
import { backHref } from "./back-link";
import { ChapteredStory } from "./ChapteredStory";
import { Comments } from "./CommentList";
import { useOwnsStory, useReadStoryQuery } from "./queries";
import { ReaderActions } from "./ReaderActions";
import { ReaderBackdrop } from "./ReaderBackdrop";
import { StoryTagging } from "../tags/StoryTagging";
import { StoryHeader } from "./StoryHeader";
import { InspiredWorks } from "../gifts/GiftLines";
import { OfflineBanner } from "../offline/OfflineBanner";
import { isNetworkFailure, useSavedWork } from "../offline/queries";
import type { SavedWork } from "../offline/offline-store";
import { useCoverUrl } from "../offline/use-cover-url";
import { useSavedWorkFreshness } from "../offline/use-saved-work-freshness";
import { prepareStoryBody } from "./story-body";
import { useReaderSettings } from "../reader-settings/queries";
import { ReaderSettingsPanel } from "../reader-settings/ReaderSettingsPanel";
import { ReaderTheme } from "../reader-settings/ReaderTheme";
import "../stories/story-content.css";
import "./reader.css";

export const NOT_FOUND = "Story not found";
export const NOT_FOUND_TEXT = "This story might have been deleted or you don't have permission to view it.";

function BackLink() {
  return (
    <Link
      href={backHref(window.history.state)}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:text-brand-900"
      data-testid="reader-back"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to Discover
    </Link>
  );
}

function NotFound() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <FileQuestion className="h-10 w-10 text-brand-500" aria-hidden />
      <h1 className="text-2xl font-bold text-ink">{NOT_FOUND}</h1>
      <p className="max-w-md text-slate-600">{NOT_FOUND_TEXT}</p>
      <BackLink />
    </div>
  );
}

function Loading() {
  return (
    <div className="reader-page" aria-busy="true" data-testid="reader-loading">
      <Skeleton className="h-5 w-36" />
      <div className="mt-6 grid gap-6 sm:grid-cols-[10rem_1fr] lg:grid-cols-[13rem_1fr]">
        <Skeleton className="mx-auto aspect-[4/5] w-full max-w-[12rem] sm:max-w-none" />
        <div className="space-y-3">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-20 w-full" />
        </div>
      </div>
    </div>
  );
}

function Story({ story, signedIn, offline }: { story: ReadStoryView; signedIn: boolean; offline?: SavedWork }) {
  const body = useMemo(() => prepareStoryBody(story.content), [story.content]);
  const hasChapters = body.chapters.length >= 2;
  const blocked = useBlocks(story.author?.username, signedIn);
  const settings = useReaderSettings();
  const page = (
    <div className={hasChapters ? "reader-page reader-page--chapters" : "reader-page"}>
      <div className="flex items-center justify-between gap-3">
        <BackLink />
        <ReaderSettingsPanel />
      </div>
      <div className="mt-5">
        {blocked ? <BlockedAuthorNotice username={story.author.username} /> : null}
        <StoryHeader
          story={story}
          actions={
            offline ? (
              <OfflineBanner savedAt={offline.savedAt} />
            ) : (
              <ReaderActions story={story} signedIn={signedIn} authorBlocked={blocked} />
            )
          }
        />
      </div>
      <StoryTagging story={story} hidden={settings.hideTags} />
      <ChapteredStory story={story} body={body} signedIn={signedIn} />
      <InspiredWorks works={story.inspiredWorks} />
      {offline ? null : (
        <div className="reader-measure mt-12 border-t border-brand-100 pt-8">
          <Comments storyId={String(story.id)} signedIn={signedIn} />
        </div>
      )}
    </div>
  );
  return (
    <ReaderTheme settings={settings}>
      {story.readerBackground ? <ReaderBackdrop image={story.readerBackground}>{page}</ReaderBackdrop> : page}
    </ReaderTheme>
  );
}

/** Issue 31: the copy saved for offline, read without a network: its saved cover, no actions, no comments. */
function OfflineStory({ work }: { work: SavedWork }) {
  const cover = useCoverUrl(work.cover);
  const story = useMemo(() => ({ ...work.story, coverImage: cover, readerBackground: null }), [work.story, cover]);
  return <Story key={story.id} story={story} signedIn={false} offline={work} />;
}

export function ReaderView({ id }: { id: string }) {
  const { user } = useAuth();
  const validId = /^\d+$/.test(id);
  const story = useReadStoryQuery(validId ? id : "0");
  const ownsStory = useOwnsStory(id, story.isError);
  const saved = useSavedWork(user?.id, id);
  useSavedWorkFreshness(user, story.data, story.error, saved.data);

  if (story.isError && isNetworkFailure(story.error)) {
    if (saved.data) return <OfflineStory work={saved.data} />;
    if (saved.isLoading) return <Loading />;
  }

  // An unpublished story has no reader view, but its author still belongs in the editor.
  if (story.isError && ownsStory) return <Redirect to={ROUTES.story(id)} replace />;
  if (!validId || story.isError) return <NotFound />;
  if (story.isPending) return <Loading />;
  // Its creator and (issue 30) its co-creators write it: the editor is theirs.
  const writesIt =
    user &&
    (user.id === story.data.authorId ||
      story.data.coCreators?.some((c) => c.username.toLowerCase() === user.username.toLowerCase()));
  if (writesIt) return <Redirect to={ROUTES.story(id)} replace />;
  // Keyed by id: moving to another story (a Saved Stories link) starts with an empty comment box and dialog.
  return <Story key={story.data.id} story={story.data} signedIn={Boolean(user)} />;
}
