// The publish dialog's line for a prompt the writer chose to fill with a new work ('Fill this prompt' → 'Start a new
// work'): ticked, the publish sends `fills` and the work joins the prompt's collection.
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { forgetFill, type PendingFill, pendingFill } from "./pending-fill";

/** The remembered prompt (read again at each opening) and whether this publish fills it. */
export function usePendingFill(open: boolean) {
  const [fill, setFill] = useState<PendingFill | null>(null);
  const [checked, setChecked] = useState(true);
  useEffect(() => {
    if (open) setFill(pendingFill());
  }, [open]);
  return {
    fill,
    checked,
    setChecked,
    /** The publish body's part. */
    body: (): { fills?: number } => (fill && checked ? { fills: fill.promptId } : {}),
    dismiss: () => {
      forgetFill();
      setFill(null);
    },
    /** After a publish that sent it. */
    done: () => {
      if (fill && checked) {
        forgetFill();
        setFill(null);
      }
    },
  };
}

export function PendingFillField({ state }: { state: ReturnType<typeof usePendingFill> }) {
  const { fill } = state;
  if (!fill) return null;
  return (
    <div className="flex items-start gap-2 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm">
      <label className="flex flex-1 items-start gap-2 text-ink">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-600"
          checked={state.checked}
          onChange={(e) => state.setChecked(e.target.checked)}
        />
        <span className="break-words">
          Fills the prompt “{fill.excerpt}”{fill.collectionTitle ? ` in ${fill.collectionTitle}` : ""}
        </span>
      </label>
      <button
        type="button"
        aria-label="Forget this prompt"
        onClick={state.dismiss}
        className="cursor-pointer rounded-md p-1 text-slate-500 hover:bg-white hover:text-ink"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
