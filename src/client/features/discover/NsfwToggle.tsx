// The NSFW switch. Locked for free users: it stays focusable (aria-disabled, not disabled)
// so hovering or tabbing to it shows 'Unlock with FicForge Plus'. Touch screens have no hover, so pressing it says
// the same next to it, as a link to the upgrade page.
import { Lock } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Tooltip } from "../../components/ui/tooltip";
import { cn } from "../../lib/cn";
import { NSFW_LOCKED_TOOLTIP, type NsfwGate } from "./nsfw-gate";

export function NsfwToggle({ gate, onChange }: { gate: NsfwGate; onChange: (on: boolean) => void }) {
  const labelId = useId();
  const locked = !gate.toggleEnabled;
  const [pressedLocked, setPressedLocked] = useState(false);
  const control = (
    <button
      type="button"
      role="switch"
      aria-checked={gate.showing}
      aria-disabled={locked || undefined}
      aria-labelledby={labelId}
      data-testid="nsfw-toggle"
      onClick={() => {
        if (locked) setPressedLocked(true);
        else onChange(!gate.showing);
      }}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2",
        gate.showing ? "bg-brand-600" : "bg-slate-300",
        locked ? "cursor-not-allowed opacity-60" : "cursor-pointer",
      )}
    >
      <span
        aria-hidden
        className={cn(
          "flex h-5 w-5 items-center justify-center rounded-full bg-white shadow transition-transform",
          gate.showing ? "translate-x-5" : "translate-x-0",
        )}
      >
        {locked && <Lock className="h-3 w-3 text-slate-500" />}
      </span>
    </button>
  );
  return (
    <div className="inline-flex items-center gap-2">
      {locked ? (
        <Tooltip content={NSFW_LOCKED_TOOLTIP} side="top">
          {control}
        </Tooltip>
      ) : (
        control
      )}
      <span id={labelId} className={cn("text-sm font-medium", locked ? "text-slate-400" : "text-ink")}>
        NSFW
      </span>
      <span aria-live="polite">
        {locked && pressedLocked && (
          <Link href={ROUTES.upgrade} className="text-xs font-medium text-brand-700 hover:underline">
            {NSFW_LOCKED_TOOLTIP}
          </Link>
        )}
      </span>
    </div>
  );
}
