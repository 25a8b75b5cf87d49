// The dashboard's 'Scheduled': what waits to go live across the writer's works, soonest first, each with Edit (another
// time) and Cancel. Nothing at all while nothing waits.
import { CalendarClock } from "lucide-react";
import { useId, useState } from "react";
import { releaseLabel, type ScheduledReleaseView } from "../../../shared/schemas/scheduling";
import { Button } from "../../components/ui/button";
import { FieldError, Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { useCancelRelease, useEditRelease, useSchedules } from "./queries";
import { formatReleaseTime, isoFromLocalInput, localInputValue } from "./release-time";

export function ScheduledReleases() {
  const schedules = useSchedules();
  const releases = schedules.data ?? [];
  if (releases.length === 0) return null;
  return (
    <section aria-labelledby="scheduled-heading" className="space-y-3">
      <h2 id="scheduled-heading" className="flex items-center gap-2 text-xl font-bold text-ink">
        <CalendarClock className="h-5 w-5 text-brand-600" aria-hidden /> Scheduled
      </h2>
      <ul className="divide-y divide-brand-100 rounded-xl border border-brand-100 bg-white">
        {releases.map((release) => (
          <ReleaseRow key={release.id} release={release} />
        ))}
      </ul>
    </section>
  );
}

function ReleaseRow({ release }: { release: ScheduledReleaseView }) {
  const [mode, setMode] = useState<"view" | "edit" | "cancel">("view");
  const [at, setAt] = useState(localInputValue(new Date(release.at)));
  const [error, setError] = useState<string>();
  const edit = useEditRelease();
  const cancel = useCancelRelease();
  const fieldId = useId();
  const what = releaseLabel(release.chapters);

  async function save() {
    const iso = isoFromLocalInput(at);
    if (!iso) return setError("Choose a date and time");
    try {
      await edit.mutateAsync({ release, body: { at: iso } });
      toast({ title: "Schedule changed", description: `${what} goes live ${formatReleaseTime(iso)}.` });
      setMode("view");
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function cancelRelease() {
    try {
      await cancel.mutateAsync(release);
      toast({ title: "Schedule canceled" });
    } catch (failure) {
      toast({ title: "Failed to cancel", description: errorMessage(failure), variant: "destructive" });
    }
  }

  return (
    <li
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
      data-testid="scheduled-release"
    >
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {what}
          {release.chapters ? " of " : ": "}
          <Link href={ROUTES.story(release.storyId)} className="text-brand-700 underline-offset-2 hover:underline">
            {release.storyTitle}
          </Link>
        </p>
        <p className="text-sm text-slate-600">
          {`Goes live ${formatReleaseTime(release.at)}`}
          {release.silent ? " · Silent update" : ""}
        </p>
      </div>
      {mode === "edit" ? (
        <form
          className="flex flex-col gap-2 sm:items-end"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={fieldId} className="sr-only">
              {`New time for ${what}`}
            </label>
            <Input
              id={fieldId}
              type="datetime-local"
              value={at}
              className="w-auto"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              onChange={(event) => setAt(event.target.value)}
            />
            <Button type="submit" size="sm" disabled={edit.isPending}>
              Save
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setMode("view")}>
              Back
            </Button>
          </div>
          <FieldError id={`${fieldId}-error`} message={error} />
        </form>
      ) : mode === "cancel" ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-700">
            {release.chapters
              ? "Cancel? What you have written of it goes live now."
              : "Cancel? The story stays a draft."}
          </span>
          <Button variant="destructive" size="sm" disabled={cancel.isPending} onClick={() => void cancelRelease()}>
            Yes, cancel
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setMode("view")}>
            Keep it
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setMode("edit")} aria-label={`Edit the time of ${what}`}>
            Edit
          </Button>
          <Button variant="outline" size="sm" onClick={() => setMode("cancel")} aria-label={`Cancel ${what}`}>
            Cancel
          </Button>
        </div>
      )}
    </li>
  );
}
