// Issue 31: a work's language, picked from FicForge's list by each language's own name (publish and details).
import { useId } from "react";
import { LANGUAGES } from "../../../shared/languages";
import { FieldError, Label } from "../../components/ui/input";

const SELECT =
  "h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 sm:w-64";

export function LanguageSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (language: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Language</Label>
      <select
        id={id}
        name="language"
        className={SELECT}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid="work-language-select"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
