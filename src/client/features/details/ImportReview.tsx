// Issue 20 section 3: after an import, the new draft's details page opens with this panel: what was read from the
// file (its chapters and words) so the writer checks it before writing on; the draft stays private until published.
import { FileCheck2, PenLine, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { StoryView } from "../../../shared/schemas/story";
import { Button } from "../../components/ui/button";
import { DeleteStoryDialog } from "../dashboard/DeleteStoryDialog";
import { prepareStoryBody } from "../reader/story-body";

export function ImportReview({ story, count }: { story: StoryView; count: number }) {
  const chapters = useMemo(() => prepareStoryBody(story.content).chapters, [story.content]);
  // Not what the writer expected (the wrong file, chapters read wrong): the draft can go at once, with the usual
  // confirmation, and the dashboard is where they were before importing.
  const [discarding, setDiscarding] = useState(false);
  const [, navigate] = useLocation();
  return (
    <section
      aria-labelledby="import-review-heading"
      className="space-y-3 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-4 sm:p-6"
      data-testid="import-review"
    >
      <h2 id="import-review-heading" className="flex items-center gap-2 text-base font-semibold text-ink">
        <FileCheck2 className="h-4 w-4 text-emerald-700" aria-hidden /> Review your imported draft
      </h2>
      <p className="text-sm text-slate-700">
        We read {story.wordCount.toLocaleString("en-US")} words
        {chapters.length > 0 ? ` in ${chapters.length} ${chapters.length === 1 ? "chapter" : "chapters"}` : ""}. It is a
        private draft: check the title and details below, then open it in the editor.
        {count > 1 ? ` Your other ${count - 1} imported ${count === 2 ? "draft is" : "drafts are"} in My Stories.` : ""}
      </p>
      {chapters.length > 0 ? (
        <ol className="list-decimal space-y-0.5 pl-6 text-sm text-ink" aria-label="Chapters found">
          {chapters.map((chapter) => (
            <li key={chapter.id}>{chapter.title}</li>
          ))}
        </ol>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link href={ROUTES.story(story.id)}>
            <PenLine className="h-4 w-4" aria-hidden /> Open in the editor
          </Link>
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDiscarding(true)}>
          <Trash2 className="h-4 w-4" aria-hidden /> Discard this import
        </Button>
      </div>
      <DeleteStoryDialog
        story={discarding ? story : null}
        onClose={() => setDiscarding(false)}
        onDeleted={() => navigate(ROUTES.dashboard)}
      />
    </section>
  );
}
