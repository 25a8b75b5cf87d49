// What a free user sees beside a locked FicForge Plus perk: a lock, why it is locked, and the way to the upgrade page.
// It is always written out (not a tooltip), so touch and keyboard users learn it as well as mouse users.
import { Lock, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { PLUS_NAME } from "../../../shared/schemas/billing";
import { cn } from "../../lib/cn";

export const UNLOCK_WITH_PLUS = `Unlock with ${PLUS_NAME}`;

export function PlusLockedNote({
  id,
  children,
  className,
}: {
  /** For aria-describedby on the locked controls. */
  id?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      id={id}
      className={cn(
        "flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-700",
        className,
      )}
      data-testid="plus-locked-note"
    >
      <span className="flex min-w-0 flex-1 basis-48 items-start gap-2">
        <Lock className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
        <span>{children}</span>
      </span>
      <Link
        href={ROUTES.upgrade}
        className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
      >
        <Sparkles className="h-3.5 w-3.5" aria-hidden />
        {UNLOCK_WITH_PLUS}
      </Link>
    </div>
  );
}

/** A small 'Plus' or 'Early access' badge beside a perk's heading. */
export function PerkBadge({ children, locked }: { children: ReactNode; locked: boolean }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-gradient-to-r from-brand-600 to-pink-600 px-2 py-0.5 text-[11px] font-semibold text-white">
      {locked ? <Lock className="h-3 w-3" aria-hidden /> : <Sparkles className="h-3 w-3" aria-hidden />}
      {children}
    </span>
  );
}
