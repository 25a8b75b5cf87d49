// A story text field that filters as you type, says which characters it left out, and shows
// the orange limit note.
import { useId } from "react";
import { STORY_TEXT_MAX, STORY_TITLE_MAX } from "../../../shared/limits";
import { filterLongText, filterTitle, maximumReachedNote } from "../../../shared/live-filter";
import { FilterHint, useFilterHint } from "../../components/ui/filter-hint";
import { FieldError, Input, Label, Textarea } from "../../components/ui/input";

export interface LimitedTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** `title`: one line, 50 characters; `long`: several lines, 560 characters. */
  kind: "title" | "long";
  placeholder?: string;
  rows?: number;
  id?: string;
  /** A message about the value (e.g. the server's), shown under the field. */
  error?: string;
}

export function LimitedTextField({
  label,
  value,
  onChange,
  kind,
  placeholder,
  rows = 4,
  id,
  error,
}: LimitedTextFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const noteId = `${fieldId}-note`;
  const hintId = `${fieldId}-hint`;
  const { hint, report } = useFilterHint(kind);
  const max = kind === "title" ? STORY_TITLE_MAX : STORY_TEXT_MAX;
  const filter = kind === "title" ? filterTitle : filterLongText;
  const atLimit = filter(value).atLimit;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint && hintId, atLimit && noteId, error && errorId].filter(Boolean).join(" ") || undefined;
  const invalid = error ? true : undefined;
  const change = (text: string) => {
    const filtered = filter(text);
    report(filtered.dropped);
    onChange(filtered.value);
  };

  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={fieldId}>{label}</Label>
        <span className="text-xs tabular-nums text-slate-500">
          {Array.from(value).length}/{max}
        </span>
      </div>
      {kind === "title" ? (
        <Input
          id={fieldId}
          value={value}
          placeholder={placeholder}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(event) => change(event.target.value)}
        />
      ) : (
        <Textarea
          id={fieldId}
          value={value}
          rows={rows}
          placeholder={placeholder}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(event) => change(event.target.value)}
        />
      )}
      <FilterHint id={hintId} hint={hint} />
      {atLimit && (
        <p id={noteId} aria-live="polite" className="text-xs font-medium text-orange-600">
          {maximumReachedNote(max)}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
