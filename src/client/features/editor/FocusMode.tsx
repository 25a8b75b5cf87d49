// Focus mode's controls: the button that enters it (at the end of the formatting toolbar), the slim bar shown instead
// of the editor's header while it is on (word count, save state, the way out), and the announcement of each change.
import { Maximize2, Minimize2 } from "lucide-react";
import type { ReactNode } from "react";
import { FOCUS_SHORTCUT } from "./use-focus-mode";
import "./focus-mode.css";

export function FocusButton({ onEnter }: { onEnter: () => void }) {
  return (
    // NOTE: a title, not the toolbar's Radix tooltip: an open tooltip takes the first Escape for itself, and the
    // pointer is still on this button when focus mode begins.
    <button
      type="button"
      title="Focus mode (Control + Shift + F)"
      aria-label="Focus mode"
      aria-keyshortcuts={FOCUS_SHORTCUT}
      onClick={onEnter}
      className="ml-auto inline-flex h-9 min-w-9 cursor-pointer flex-col items-center justify-center rounded-md px-1 text-slate-600 transition-colors hover:bg-brand-50 hover:text-ink max-sm:h-11 pointer-coarse:h-11"
      data-testid="focus-mode-enter"
    >
      <Maximize2 className="h-4 w-4 shrink-0" aria-hidden />
      <span
        aria-hidden
        className="hidden text-[10px] leading-tight font-medium whitespace-nowrap max-sm:block pointer-coarse:block"
      >
        Focus
      </span>
    </button>
  );
}

export function FocusBar({ children, onLeave }: { children: ReactNode; onLeave: () => void }) {
  return (
    <div
      className="flex items-center justify-end gap-3 border-b border-transparent px-3 py-2 sm:px-4"
      data-testid="focus-mode-bar"
    >
      {children}
      <button
        type="button"
        onClick={onLeave}
        aria-keyshortcuts="Escape"
        className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-lg border border-brand-200 bg-white px-2.5 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
      >
        <Minimize2 className="h-4 w-4" aria-hidden />
        Leave focus mode
        <kbd className="hidden rounded border border-brand-200 px-1 text-[11px] text-slate-500 sm:inline">Esc</kbd>
      </button>
    </div>
  );
}

/** Says each change of mode to screen readers. */
export function FocusAnnouncer({ text }: { text: string }) {
  return (
    <p role="status" aria-live="polite" className="sr-only" data-testid="focus-mode-announcement">
      {text}
    </p>
  );
}
