// /dashboard/story/{id}/details: loading, 'Story not found', or the form, the stats and the export.
import { FileQuestion } from "lucide-react";
import { Link, useSearch } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { FeedbackButton } from "../feedback/FeedbackButton";
import { StoryStats } from "../reading-stats/StoryStats";
import { useStoryQuery } from "../stories/queries";
import { DetailsForm } from "./DetailsForm";
import { ImportReview } from "./ImportReview";
import { PublicPageLinks } from "../publish/PublicPageLinks";
import { StoryExport } from "./StoryExport";
import { AddToSeries } from "../series/AddToSeries";
import { CoCreatorsCard } from "../co-creators/CoCreatorsCard";
import { VoiceCard } from "../voice/VoiceCard";

export const PUBLISHED_SUBTITLE = "Published: change what readers see of your story.";

export function DetailsView({ id }: { id: string }) {
  const { data: story, isLoading, isError } = useStoryQuery(id);
  // Issue 20: '?imported=N' after an import opens the draft in review.
  const search = new URLSearchParams(useSearch());
  const imported = Number(search.get("imported") ?? 0);
  // A comment notification: the Feedback panel opens at that comment.
  const commentId = Number(search.get("comment") ?? 0) || undefined;

  if (isError || (!isLoading && !story)) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
        <FileQuestion className="h-10 w-10 text-brand-500" aria-hidden />
        <h1 className="text-2xl font-bold text-ink">Story not found</h1>
        <Button asChild variant="outline">
          <Link href={ROUTES.dashboard}>Back to Dashboard</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6 lg:p-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">Story Details</h1>
          <p className="mt-1 text-slate-600">
            {story?.published ? PUBLISHED_SUBTITLE : "Tell us more about your story idea!"}
          </p>
          {story ? <PublicPageLinks story={story} className="-ml-1.5 mt-1" /> : null}
        </div>
        {story ? <FeedbackButton storyId={String(story.id)} openAt={commentId} /> : null}
      </header>
      {story && imported > 0 ? <ImportReview story={story} count={imported} /> : null}
      <section className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
        {story ? (
          // Keyed by id so moving to another story starts a fresh form.
          <DetailsForm key={story.id} story={story} />
        ) : (
          <div className="space-y-4" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </section>
      {story ? <StoryStats storyId={story.id} /> : null}
      {story ? (
        <section className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
          <AddToSeries storyId={story.id} published={story.published} />
        </section>
      ) : null}
      {story ? (
        <section className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
          <CoCreatorsCard storyId={story.id} />
        </section>
      ) : null}
      {story ? (
        <div className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
          <VoiceCard storyId={story.id} />
        </div>
      ) : null}
      {story ? (
        <section className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
          <StoryExport storyId={story.id} />
        </section>
      ) : null}
    </div>
  );
}
