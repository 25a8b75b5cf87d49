// /dashboard/report?type=user&target={name}: the Report dialog on a page of its own, for pages without script (the
// author page links here). Closing it goes back to the page the report is about.
import { useState } from "react";
import { useSearch } from "wouter";
import { authorPath } from "../../shared/routes";
import { REPORT_TARGET_TYPES, type ReportTargetType } from "../../shared/schemas/safety";
import { ReportDialog, type ReportTarget } from "../features/safety/ReportDialog";

const LABELS: Record<ReportTargetType, (id: string) => string> = {
  story: () => "This story",
  chapter: (id) => `Chapter ${id.split(":")[1] ?? ""}`,
  comment: () => "This comment",
  user: (id) => `${id}'s profile`,
};

function targetOf(search: string): ReportTarget | undefined {
  const params = new URLSearchParams(search);
  const type = params.get("type") as ReportTargetType | null;
  const id = params.get("target")?.trim();
  if (!type || !REPORT_TARGET_TYPES.includes(type) || !id) return undefined;
  return { type, id, label: LABELS[type](id) };
}

export default function ReportPage() {
  const target = targetOf(useSearch());
  const [open, setOpen] = useState(true);
  const leave = () => {
    if (target?.type === "user") window.location.assign(authorPath(target.id));
    else window.history.back();
  };
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-bold text-ink">Report</h1>
      {target ? (
        <>
          <p className="text-slate-600">{open ? "Tell us what is wrong." : "Your report is closed."}</p>
          <ReportDialog
            open={open}
            targets={[target]}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) leave();
            }}
          />
        </>
      ) : (
        <p className="text-slate-600">There is nothing to report here.</p>
      )}
    </div>
  );
}
