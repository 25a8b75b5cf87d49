// The hint a live-filtered field shows when it dropped a character: announced politely, gone on the next
// keystroke that drops nothing or after a few seconds.
import { useCallback, useEffect, useRef, useState } from "react";
import { droppedCharactersHint, type FilterKind } from "../../../shared/live-filter";

export const FILTER_HINT_MS = 4000;

/** `report(dropped)` after each filtered change; `hint` is the text to show, or null. */
export function useFilterHint(kind: FilterKind) {
  const [hint, setHint] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const report = useCallback(
    (dropped: readonly string[]) => {
      clearTimeout(timer.current);
      if (dropped.length === 0) {
        setHint(null);
        return;
      }
      setHint(droppedCharactersHint(dropped, kind));
      timer.current = setTimeout(() => setHint(null), FILTER_HINT_MS);
    },
    [kind],
  );

  return { hint, report };
}

/**
 * Always rendered (visually hidden while empty, not display:none), so screen readers know the live region
 * before its text changes and announce the hint when it appears.
 */
export function FilterHint({ id, hint }: { id: string; hint: string | null }) {
  return (
    <p id={id} aria-live="polite" className={hint ? "text-xs text-slate-600" : "sr-only"}>
      {hint}
    </p>
  );
}
