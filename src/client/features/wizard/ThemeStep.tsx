// Step 1: theme cards. The NSFW card is locked for free accounts and leads to the upgrade page.
import { Check, Lock } from "lucide-react";
import { useLocation } from "wouter";
import { THEMES } from "../../../shared/catalogues";
import { ROUTES } from "../../../shared/routes";
import { PLUS_NAME } from "../../../shared/schemas/billing";
import { cn } from "../../lib/cn";

export function ThemeStep({
  selected,
  isPremium,
  onToggle,
}: {
  selected: readonly string[];
  isPremium: boolean;
  onToggle: (themeId: string) => void;
}) {
  const [, navigate] = useLocation();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Pick one or more themes for your story.</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {THEMES.map((theme) => {
          const locked = theme.premium && !isPremium;
          const isSelected = selected.includes(theme.id);
          return (
            <button
              key={theme.id}
              type="button"
              aria-pressed={locked ? undefined : isSelected}
              aria-label={locked ? `${theme.label} (${PLUS_NAME} only)` : undefined}
              onClick={() => (locked ? navigate(ROUTES.upgrade) : onToggle(theme.id))}
              className={cn(
                "relative flex flex-col sm:min-h-28 items-start gap-1 rounded-xl border-2 p-4 text-left transition-colors",
                isSelected ? "border-brand-600 bg-brand-50" : "border-brand-100 bg-white hover:border-brand-300",
                locked && "border-dashed bg-slate-50 hover:border-brand-300",
              )}
            >
              <span className="flex w-full items-center justify-between gap-2 font-semibold text-ink">
                {theme.label}
                {locked ? (
                  <Lock className="h-4 w-4 text-slate-500" aria-hidden />
                ) : (
                  isSelected && <Check className="h-4 w-4 text-brand-600" aria-hidden />
                )}
              </span>
              <span className="text-sm text-slate-600">{theme.description}</span>
              {locked && <span className="mt-auto text-xs font-medium text-brand-700">Unlock with {PLUS_NAME}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
