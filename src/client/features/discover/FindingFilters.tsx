// Issue 31: the filter panel's Language (one or more, by each language's own name) and Crossovers choices.
import { ALL_LANGUAGES, LANGUAGES } from "../../../shared/languages";
import { SearchableMultiSelect } from "../stories/SearchableMultiSelect";
import { CROSSOVER_LABELS, type DiscoverFilters } from "./filters";

const NAME_OF = new Map(LANGUAGES.map((l) => [l.code, l.name]));
const CODE_OF = new Map(LANGUAGES.map((l) => [l.name, l.code]));
const NAMES = LANGUAGES.map((l) => l.name);

export function FindingFilters({
  filters,
  onChange,
}: {
  filters: DiscoverFilters;
  onChange: (change: Partial<DiscoverFilters>) => void;
}) {
  const picked = filters.languages.filter((code) => code !== ALL_LANGUAGES);
  return (
    <>
      <div className="col-span-2" data-testid="language-filter">
        <SearchableMultiSelect
          label="Language"
          options={NAMES}
          selected={picked.map((code) => NAME_OF.get(code as never) ?? code)}
          // NOTE: none picked is every language here (the panel's own choice), not the reader's default.
          onChange={(names) => {
            const codes = names.map((name) => CODE_OF.get(name)).filter((c): c is NonNullable<typeof c> => !!c);
            onChange({ languages: codes.length > 0 ? codes : [ALL_LANGUAGES] });
          }}
          max={LANGUAGES.length}
          showCount={false}
          placeholder={
            picked.length > 0 ? "Add a language" : filters.languages.length === 0 ? "Your languages" : "All languages"
          }
          emptyText="No languages found"
        />
      </div>
      <fieldset className="col-span-2 space-y-1.5" data-testid="crossover-filter">
        <legend className="text-sm font-medium text-ink">Crossovers</legend>
        <div className="flex flex-col gap-1.5">
          {(["any", "only", "exclude"] as const).map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="discover-crossover"
                value={value}
                className="h-4 w-4 accent-brand-600"
                checked={(filters.crossover ?? "any") === value}
                onChange={() => onChange({ crossover: value === "any" ? null : value })}
              />
              {CROSSOVER_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
