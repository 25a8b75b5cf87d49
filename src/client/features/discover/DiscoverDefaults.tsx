// Issue 31: what a Discover view shows by the reader's own defaults, said on the page with a one-click way out:
// 'Showing works in English, Français · All languages', and the 'Always exclude' chip with 'off for this search'.
import { ALL_LANGUAGES, languageName } from "../../../shared/languages";
import { alwaysInForce, type DiscoverFilters, languagesInForce, type ReaderDefaults } from "./filters";

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

/** A list of language names, each in its own language: 'English, Français'. */
function LanguageNames({ codes }: { codes: readonly string[] }) {
  return (
    <>
      {codes.map((code, i) => (
        <span key={code}>
          {i > 0 ? ", " : ""}
          <span lang={code} className="font-medium text-ink">
            {languageName(code)}
          </span>
        </span>
      ))}
    </>
  );
}

export function DiscoverDefaults({
  filters,
  reader,
  languagesFrom,
  onChange,
}: {
  filters: DiscoverFilters;
  reader: ReaderDefaults;
  languagesFrom: "settings" | "browser";
  onChange: (change: Partial<DiscoverFilters>) => void;
}) {
  const languages = languagesInForce(filters, reader);
  const own = filters.languages.length === 0;
  const always = reader.always;
  const inForce = alwaysInForce(filters, reader);
  const alwaysText = always ? [...always.exclude, ...(always.crossover ? ["Crossovers"] : [])].join(", ") : "";
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600" data-testid="discover-defaults">
      <p data-testid="discover-languages">
        {languages.length === 0 ? (
          <>
            Showing works in all languages.{" "}
            {reader.languages.length > 0 && (
              <button type="button" className={LINK} onClick={() => onChange({ languages: [] })}>
                Only <LanguageNames codes={[...reader.languages].sort()} />
              </button>
            )}
          </>
        ) : (
          <>
            Showing works in <LanguageNames codes={languages} />
            {own ? (languagesFrom === "settings" ? " (your languages)" : " (your browser's)") : ""}.{" "}
            <button type="button" className={LINK} onClick={() => onChange({ languages: [ALL_LANGUAGES] })}>
              All languages
            </button>
          </>
        )}
      </p>
      {always && (alwaysText || !inForce) ? (
        inForce ? (
          <p
            className="flex max-w-full flex-wrap items-center gap-1 rounded-2xl bg-amber-50 px-3 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
            data-testid="always-exclude"
          >
            <span className="break-words">Always exclude: {alwaysText}</span>
            <span aria-hidden>·</span>
            <button type="button" className="underline underline-offset-2" onClick={() => onChange({ always: false })}>
              off for this search
            </button>
          </p>
        ) : (
          <p className="text-xs" data-testid="always-exclude-off">
            'Always exclude' is off for this search.{" "}
            <button type="button" className={LINK} onClick={() => onChange({ always: true })}>
              Turn it back on
            </button>
          </p>
        )
      ) : null}
    </div>
  );
}
