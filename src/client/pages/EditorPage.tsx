// /dashboard/story/{id}: the editor. Its own lazy chunk, since TipTap is the app's heaviest dependency.
import { FullPageSpinner } from "../components/ui/spinner";
import { EditorLoadError } from "../features/editor/EditorLoadError";
import { StoryEditor } from "../features/editor/StoryEditor";
import { useStoryQuery } from "../features/stories/queries";

export default function EditorPage({ id }: { id: string }) {
  const story = useStoryQuery(id);
  if (story.isPending) return <FullPageSpinner />;
  if (story.isError) return <EditorLoadError error={story.error} />;
  return (
    <>
      {/* NOTE: the visible title is an editable field, not a heading; screen readers still need the page's h1. */}
      <h1 className="sr-only">{story.data.title || "Untitled story"}</h1>
      {/* Keyed by id: opening another story starts a fresh editor and save queue. */}
      <StoryEditor key={story.data.id} story={story.data} />
    </>
  );
}
