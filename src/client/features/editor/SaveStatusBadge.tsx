// The visible save state next to the title; announced politely to screen readers.
import { AlertTriangle, Check, CircleDot, Loader2 } from "lucide-react";
import type { SaveStatus } from "./story-saver";

export const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  saved: "Saved",
  saving: "Saving…",
  unsaved: "Unsaved changes",
  error: "Save failed",
  conflict: "Version conflict",
};

export function SaveStatusBadge({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const Icon = { saved: Check, saving: Loader2, unsaved: CircleDot, error: AlertTriangle, conflict: AlertTriangle }[
    status
  ];
  const tone =
    status === "saved"
      ? "text-emerald-700"
      : status === "error" || status === "conflict"
        ? "text-red-600"
        : "text-slate-500";
  return (
    <span className="flex items-center gap-2 text-xs font-medium whitespace-nowrap" data-testid="save-status">
      <span role="status" aria-live="polite" className={`flex items-center gap-1 ${tone}`}>
        <Icon className={`h-3.5 w-3.5 ${status === "saving" ? "animate-spin" : ""}`} aria-hidden />
        {SAVE_STATUS_TEXT[status]}
      </span>
      {status === "error" ? (
        <button type="button" onClick={onRetry} className="cursor-pointer text-brand-700 underline underline-offset-2">
          Retry
        </button>
      ) : null}
    </span>
  );
}
