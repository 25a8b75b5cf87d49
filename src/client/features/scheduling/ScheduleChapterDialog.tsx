// 'Schedule a chapter' (a published work, from the editor): which chapter goes live when. Scheduled before it is
// written, the next chapter stays out of readers' sight however often the editor saves it, until its time.
import { useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { FieldError, Input, Label } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { ApiError, errorMessage } from "../../lib/api";
import { useScheduleRelease } from "./queries";
import { formatReleaseTime, isoFromLocalInput, localInputValue, suggestedTime } from "./release-time";
import { type ScheduleDraft, ScheduleFields } from "./ScheduleFields";

export function ScheduleChapterDialog({
  storyId,
  open,
  onOpenChange,
  chapterCount,
}: {
  storyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Chapters in the document now: the suggestion is the next one. */
  chapterCount: number;
}) {
  const schedule = useScheduleRelease(storyId);
  const chapterId = useId();
  const [chapter, setChapter] = useState(String(chapterCount + 1));
  const [draft, setDraft] = useState<ScheduleDraft>({ at: localInputValue(suggestedTime()), silent: false });
  const [errors, setErrors] = useState<{ chapters?: string; at?: string }>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening suggests again
  useEffect(() => {
    if (!open) return;
    setChapter(String(chapterCount + 1));
    setDraft({ at: localInputValue(suggestedTime()), silent: false });
    setErrors({});
  }, [open]);

  async function submit() {
    const at = isoFromLocalInput(draft.at);
    const n = Number(chapter);
    if (!at) return setErrors({ at: "Choose a date and time" });
    if (!Number.isInteger(n) || n < 1) return setErrors({ chapters: "Choose a chapter number" });
    try {
      const release = await schedule.mutateAsync({ at, chapters: [n], silent: draft.silent });
      toast({ title: `Chapter ${n} scheduled`, description: `It goes live ${formatReleaseTime(release.at)}.` });
      onOpenChange(false);
    } catch (error) {
      const fields = error instanceof ApiError ? error.data.fields : undefined;
      setErrors({ chapters: fields?.chapters, at: fields?.at ?? (fields?.chapters ? undefined : errorMessage(error)) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !schedule.isPending && onOpenChange(next)}>
      <DialogContent
        title="Schedule a chapter"
        description="Readers see nothing of the chapter until its time, even once you have written it. Then it goes live and its subscribers are told."
        className="max-w-md"
      >
        <form
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={chapterId}>Chapter</Label>
            <Input
              id={chapterId}
              type="number"
              inputMode="numeric"
              min={1}
              value={chapter}
              aria-invalid={errors.chapters ? true : undefined}
              aria-describedby={errors.chapters ? `${chapterId}-error` : undefined}
              onChange={(event) => setChapter(event.target.value)}
            />
            <p className="text-xs text-slate-600">
              {`Your story has ${chapterCount} ${chapterCount === 1 ? "chapter" : "chapters"}; chapter ${chapterCount + 1} is the next one you write.`}
            </p>
            <FieldError id={`${chapterId}-error`} message={errors.chapters} />
          </div>
          <ScheduleFields
            value={draft}
            onChange={setDraft}
            error={errors.at}
            silentHint="It goes live without notifying the story's subscribers."
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={schedule.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="gradient" disabled={schedule.isPending}>
              {schedule.isPending ? <Spinner className="h-4 w-4" label="Scheduling" /> : null}
              Schedule
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
