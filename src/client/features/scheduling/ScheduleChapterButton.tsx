// The editor's 'Schedule a chapter' for a published work, beside its public links, with how many releases wait.
import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { useStorySchedules } from "./queries";
import { ScheduleChapterDialog } from "./ScheduleChapterDialog";

const linkClass =
  "inline-flex min-h-8 cursor-pointer items-center gap-1 rounded-md px-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300";

export function ScheduleChapterButton({ storyId, countChapters }: { storyId: number; countChapters: () => number }) {
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(0);
  const waiting = useStorySchedules(storyId).data?.length ?? 0;
  return (
    <>
      <button
        type="button"
        className={linkClass}
        onClick={() => {
          setCount(countChapters());
          setOpen(true);
        }}
      >
        <CalendarClock className="h-3.5 w-3.5" aria-hidden /> Schedule a chapter
        {waiting > 0 ? <span className="font-normal text-slate-600">{`(${waiting} scheduled)`}</span> : null}
      </button>
      <ScheduleChapterDialog storyId={storyId} open={open} onOpenChange={setOpen} chapterCount={count} />
    </>
  );
}
