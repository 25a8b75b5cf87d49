// Settings' 'Reading': which works lists show by their AI label ('AI-written works'), when their URL does not say.
// Saved on change, with a confirmation.
import { AI_FILTERS, type AiFilter } from "../../../shared/ai-label";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { AI_PREFERENCE_LABELS } from "../ai/ai-filter-text";
import { useReadingPreferences, useSaveReadingPreferences } from "../ai/queries";
import type { LanguageCode } from "../../../shared/languages";
import { ReadingLanguages } from "./ReadingLanguages";

export function ReadingPreferencesCard() {
  const preferences = useReadingPreferences();
  const save = useSaveReadingPreferences();
  const current: AiFilter = save.isPending ? (save.variables?.ai ?? "any") : (preferences.data?.ai ?? "any");
  const languages = preferences.data?.languages ?? null;
  // NOTE: the AI choice alone leaves the languages as saved (a PUT without them keeps them).
  const change = (ai: AiFilter, chosen?: LanguageCode[] | null) =>
    save.mutate(
      { ai, ...(chosen === undefined ? {} : { languages: chosen }) },
      {
        onSuccess: () => toast({ title: "Reading preferences saved" }),
        onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
      },
    );
  return (
    <section
      aria-labelledby="reading-preferences-heading"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
      data-testid="reading-preferences"
    >
      <h2 id="reading-preferences-heading" className="text-lg font-semibold text-ink">
        Reading
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Which works Discover, tag and author pages and your Following feed show, unless you choose otherwise there.
      </p>
      {preferences.isError && <p className="mt-3 text-sm text-red-700">Couldn't load your reading preferences.</p>}
      <fieldset className="mt-4" disabled={preferences.isPending || save.isPending}>
        <legend id="ai-preference-label" className="text-sm font-medium text-ink">
          AI-written works
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {AI_FILTERS.map((ai) => (
            <label
              key={ai}
              className={cn(
                "cursor-pointer rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400",
                current === ai
                  ? "border-brand-600 bg-brand-600 font-semibold text-white"
                  : "border-brand-200 text-slate-700 hover:bg-brand-50",
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name="ai-preference"
                value={ai}
                checked={current === ai}
                onChange={() => change(ai)}
              />
              {AI_PREFERENCE_LABELS[ai]}
            </label>
          ))}
        </div>
      </fieldset>
      <ReadingLanguages
        languages={save.isPending ? (save.variables?.languages ?? null) : languages}
        disabled={preferences.isPending || save.isPending}
        onChange={(chosen) => change(current, chosen)}
      />
    </section>
  );
}
