// Discover's 'AI' filter: the three choices (the one in force checked: the URL's, else the reader's preference),
// the one-click 'Make this my default' for a signed-in reader whose preference differs, and the line saying how
// many works the filter hid, with 'show' to see them all.
import { AI_FILTERS, type AiFilter } from "../../../shared/ai-label";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { AI_PREFERENCE_LABELS, hiddenByAiText } from "../ai/ai-filter-text";
import { useSaveReadingPreferences } from "../ai/queries";
import type { DiscoverFilters } from "./filters";

export function AiFilterGroup({
  inForce,
  onChange,
}: {
  inForce: AiFilter;
  onChange: (change: Partial<DiscoverFilters>) => void;
}) {
  return (
    <fieldset className="col-span-2 space-y-1.5" data-testid="ai-filter">
      <legend className="text-sm font-medium text-ink">AI</legend>
      <div className="flex flex-col gap-1.5">
        {AI_FILTERS.map((ai) => (
          <label key={ai} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="discover-ai"
              value={ai}
              className="h-4 w-4 accent-brand-600"
              checked={inForce === ai}
              onChange={() => onChange({ ai })}
            />
            {AI_PREFERENCE_LABELS[ai]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** 'Make this my default': shown while the URL's AI filter differs from a signed-in reader's preference. */
export function MakeAiDefault({ urlAi, preference }: { urlAi: AiFilter | null; preference: AiFilter | undefined }) {
  const save = useSaveReadingPreferences();
  if (urlAi === null || preference === undefined || urlAi === preference) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={save.isPending}
      data-testid="ai-make-default"
      onClick={() =>
        save.mutate(
          { ai: urlAi },
          {
            onSuccess: () =>
              toast({ title: "Reading preferences saved", description: `${AI_PREFERENCE_LABELS[urlAi]} by default.` }),
            onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
          },
        )
      }
    >
      Make this my default
    </Button>
  );
}

/** '12 works hidden by your AI filter — show' ('show' lists every work); nothing when none were hidden. */
export function HiddenByAi({ count, onShow, className }: { count: number; onShow: () => void; className?: string }) {
  if (count <= 0) return null;
  return (
    <p className={cn("text-sm text-slate-600", className)} data-testid="hidden-by-ai">
      {hiddenByAiText(count)} —{" "}
      <button
        type="button"
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        onClick={onShow}
      >
        show
      </button>
    </p>
  );
}
