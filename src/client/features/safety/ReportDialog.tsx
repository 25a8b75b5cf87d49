// The Report dialog (issue 18): what is reported (when there is a choice, e.g. the story or the chapter shown), a
// reason from the list, optional details with a counter; then 'Thanks, we'll review this'.
import { CheckCircle2, Flag } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  REPORT_LIMITS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_THANKS,
  ReportCreate,
  type ReportReason,
  type ReportTargetType,
} from "../../../shared/schemas/safety";
import { Button } from "../../components/ui/button";
import { CharCount } from "../../components/ui/char-count";
import { Dialog, DialogClose, DialogContent } from "../../components/ui/dialog";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { FieldError, Textarea } from "../../components/ui/input";
import { ApiError, errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useReport } from "./queries";

export interface ReportTarget {
  type: ReportTargetType;
  /** The wire id: "42", "42:3" for chapter 3 of story 42, or a username. */
  id: string;
  /** What the dialog calls it: "This story", "Chapter 3", "This comment by sam". */
  label: string;
}

const choice = (checked: boolean) =>
  cn(
    "flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400",
    checked
      ? "border-brand-400 bg-brand-50 font-semibold text-brand-900"
      : "border-brand-100 text-slate-700 hover:bg-brand-50/60",
  );

function ReportForm({ targets, onSent }: { targets: ReportTarget[]; onSent: () => void }) {
  const ids = useId();
  const [targetIndex, setTargetIndex] = useState(0);
  const [reason, setReason] = useState<ReportReason | "">("");
  const [details, setDetails] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const report = useReport();
  const target = targets[targetIndex] ?? targets[0]!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReportCreate.safeParse({ targetType: target.type, targetId: target.id, reason, details });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setProblem(undefined);
    report.mutate(parsed.data, {
      onSuccess: onSent,
      onError: (error) => {
        const fields = error instanceof ApiError ? error.data.fields : undefined;
        if (fields?.reason || fields?.details) setErrors(fields);
        else setProblem(errorMessage(error, "Your report could not be sent. Please try again."));
      },
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {targets.length > 1 ? (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-ink">What are you reporting?</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {targets.map((t, i) => (
              <label key={`${t.type}:${t.id}`} className={choice(i === targetIndex)}>
                <input
                  type="radio"
                  name={`${ids}-target`}
                  className="accent-brand-600"
                  checked={i === targetIndex}
                  onChange={() => setTargetIndex(i)}
                />
                {t.label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <fieldset aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-ink">Why are you reporting this?</legend>
        <div className="grid gap-2 sm:grid-cols-2" data-testid="report-reasons">
          {REPORT_REASONS.map((code) => (
            <label key={code} className={choice(reason === code)}>
              <input
                type="radio"
                name={`${ids}-reason`}
                value={code}
                className="accent-brand-600"
                checked={reason === code}
                aria-invalid={errors.reason ? true : undefined}
                onChange={() => {
                  setReason(code);
                  setErrors(({ reason: _chosen, ...rest }) => rest);
                }}
              />
              {REPORT_REASON_LABELS[code]}
            </label>
          ))}
        </div>
        <div className="mt-1.5">
          <FieldError id={`${ids}-reason-error`} message={errors.reason} />
        </div>
      </fieldset>
      <FormField
        id={`${ids}-details`}
        label="Details (optional)"
        error={errors.details}
        counter={<CharCount value={details} max={REPORT_LIMITS.detailsMax} />}
      >
        <Textarea
          value={details}
          maxLength={REPORT_LIMITS.detailsMax}
          rows={4}
          placeholder="Anything that helps us understand, such as where in the text it is."
          onChange={(e) => setDetails(e.target.value)}
          className="text-base sm:text-sm"
        />
      </FormField>
      <FormAlert message={problem} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={report.isPending} data-testid="report-send">
          {report.isPending ? "Sending..." : "Send report"}
        </Button>
      </div>
    </form>
  );
}

/** Controlled: the caller owns `open` (a menu item or a button opens it). */
export function ReportDialog({
  open,
  onOpenChange,
  targets,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targets: ReportTarget[];
}) {
  const [sent, setSent] = useState(false);
  const change = (next: boolean) => {
    if (!next) setSent(false);
    onOpenChange(next);
  };
  const only = targets.length === 1 ? targets[0] : undefined;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title={sent ? "Report sent" : "Report"}
        description={sent ? undefined : only ? `${only.label}.` : "Tell us what is wrong."}
      >
        {sent ? (
          <div className="space-y-5" data-testid="report-thanks">
            <p role="status" className="flex items-start gap-2 text-base text-ink">
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
              {REPORT_THANKS}
            </p>
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </div>
          </div>
        ) : open ? (
          <ReportForm targets={targets} onSent={() => setSent(true)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** A 'Report' button that opens the dialog (the reader's action row). */
export function ReportButton({ targets, className }: { targets: ReportTarget[]; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} className={className} data-testid="report-open">
        <Flag className="h-4 w-4" aria-hidden />
        {/* Icon only on phones, as Share, so the row stays short. */}
        <span className="sr-only sm:not-sr-only">Report</span>
      </Button>
      <ReportDialog open={open} onOpenChange={setOpen} targets={targets} />
    </>
  );
}
