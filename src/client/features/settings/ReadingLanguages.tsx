// Issue 31: Settings' 'Languages Discover shows': the reader's languages (none chosen: the browser's).
import { LANGUAGES, type LanguageCode } from "../../../shared/languages";
import { SearchableMultiSelect } from "../stories/SearchableMultiSelect";
import { browserLanguages } from "../discover/saved-filters-queries";
import { languageName } from "../../../shared/languages";

const NAME_OF = new Map<string, string>(LANGUAGES.map((l) => [l.code, l.name]));
const CODE_OF = new Map<string, LanguageCode>(LANGUAGES.map((l) => [l.name, l.code]));

export function ReadingLanguages({
  languages,
  disabled,
  onChange,
}: {
  languages: readonly LanguageCode[] | null;
  disabled: boolean;
  onChange: (languages: LanguageCode[] | null) => void;
}) {
  const browser = browserLanguages().map(languageName).join(", ");
  return (
    <fieldset className="mt-5 space-y-1.5" disabled={disabled} data-testid="reading-languages">
      <legend className="sr-only">Languages Discover shows</legend>
      <SearchableMultiSelect
        label="Languages Discover shows"
        options={LANGUAGES.map((l) => l.name)}
        selected={(languages ?? []).map((code) => NAME_OF.get(code) ?? code)}
        onChange={(names) => {
          const codes = names.map((name) => CODE_OF.get(name)).filter((c): c is LanguageCode => c !== undefined);
          onChange(codes.length > 0 ? codes : null);
        }}
        max={LANGUAGES.length}
        showCount={false}
        placeholder={`Your browser's (${browser})`}
        emptyText="No languages found"
      />
      <p className="text-xs text-slate-500">
        {languages && languages.length > 0
          ? "Discover shows works in these languages unless you pick others there."
          : `None chosen: Discover follows your browser's languages (${browser}).`}
      </p>
    </fieldset>
  );
}
