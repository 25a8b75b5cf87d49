// The versions of Marin's latest generation (issue 32): 'Another version' (one prompt), the arrows that step between
// the versions in place in the story (← 2/3 →, no network), and 'Keep this one'. Writing on keeps the one shown too.
import { Check, ChevronLeft, ChevronRight, Shuffle } from "lucide-react";
import { MARIN_LIMITS } from "../../../shared/schemas/marin";
import { Button } from "../../components/ui/button";
import type { VersionGroup } from "./generation-runs";

export interface VersionsProps {
  group: VersionGroup;
  /** A request runs or the limit is reached: no new version (stepping stays possible unless busy). */
  disabled: boolean;
  busy: boolean;
  onAnother: () => void;
  onStep: (delta: -1 | 1) => void;
  onKeep: () => void;
}

export function Versions({ group, disabled, busy, onAnother, onStep, onKeep }: VersionsProps) {
  const count = group.versions.length;
  const full = count >= MARIN_LIMITS.versions;
  const tool = "h-8 gap-1.5 px-2.5 text-xs";
  return (
    <fieldset
      aria-label="Versions of Marin's text"
      className="m-0 flex min-w-0 flex-wrap items-center gap-1.5 border-0 border-t border-brand-100 bg-white/80 px-3 pt-2"
      data-testid="marin-versions"
    >
      <Button
        variant="outline"
        className={tool}
        disabled={disabled || full}
        title={full ? `At most ${MARIN_LIMITS.versions} versions: keep one, or ask for something new.` : undefined}
        onClick={onAnother}
      >
        <Shuffle className="h-3.5 w-3.5" aria-hidden /> Another version
      </Button>
      {count > 1 ? (
        <>
          <span className="inline-flex items-center">
            <Button
              variant="ghost"
              size="icon"
              className="h-8 w-8"
              aria-label="Previous version"
              disabled={busy || group.shown === 0}
              onClick={() => onStep(-1)}
            >
              <ChevronLeft className="h-4 w-4" aria-hidden />
            </Button>
            <span className="min-w-10 text-center text-xs tabular-nums text-slate-700" aria-live="polite">
              <span className="sr-only">Version </span>
              {group.shown + 1}/{count}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="h-8 w-8"
              aria-label="Next version"
              disabled={busy || group.shown === count - 1}
              onClick={() => onStep(1)}
            >
              <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
          </span>
          <Button variant="ghost" className={tool} disabled={busy} onClick={onKeep}>
            <Check className="h-3.5 w-3.5" aria-hidden /> Keep this one
          </Button>
        </>
      ) : null}
    </fieldset>
  );
}
