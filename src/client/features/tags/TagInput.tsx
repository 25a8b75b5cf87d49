// Free-form tags as chips plus a box. Suggestions (tags already used, one spelling each) show as you type with the
// first highlighted: Enter adds the highlighted one, the arrow keys or the mouse pick another, Escape closes the
// list so Enter adds what is typed; a comma always adds what is typed. A tag that breaks a rule says which.
import { X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { FreeTag } from "../../../shared/schemas/tagging";
import { type LabelKind, tagKey } from "../../../shared/tagging";
import { Label } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { useTagSuggestions } from "./queries";
import { defaultHighlight, enterPick, fittingSuggestions } from "./suggestion-pick";

export interface TagInputProps {
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Suggest tags used as this kind (none: every tag, the catalogue's first). */
  kind?: LabelKind;
  placeholder?: string;
  /** No more can be added (the story's 30 are used). */
  full?: boolean;
  hint?: string;
  testId?: string;
  tone?: "brand" | "red";
}

/** Waits until typing pauses before asking the server. */
function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function TagInput({
  label,
  values,
  onChange,
  kind,
  placeholder,
  full,
  hint,
  testId,
  tone = "brand",
}: TagInputProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  /** The suggestion an arrow key moved to (-1: the default one). */
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const fetched = useTagSuggestions(useDebounced(text, 150), kind);
  const suggestions = dismissed ? [] : fittingSuggestions(text, fetched, values);
  const open = suggestions.length > 0;
  const highlighted = !open
    ? -1
    : active >= 0 && active < suggestions.length
      ? active
      : defaultHighlight(text, suggestions);

  function add(raw: string) {
    const parsed = FreeTag.safeParse(raw);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Invalid tag");
      return;
    }
    setProblem(null);
    setText("");
    setActive(-1);
    setDismissed(false);
    if (!values.some((v) => tagKey(v) === tagKey(parsed.data))) onChange([...values, parsed.data]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      // NOTE: Enter in a tag box never submits the form around it (the publish dialog would publish).
      event.preventDefault();
      if (text.trim() === "") return;
      add(event.key === "Enter" ? enterPick(text, suggestions, highlighted) : text);
    } else if (event.key === "ArrowDown" && open) {
      event.preventDefault();
      setActive((highlighted + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && open) {
      event.preventDefault();
      setActive(highlighted <= 0 ? suggestions.length - 1 : highlighted - 1);
    } else if (event.key === "Backspace" && text === "" && values.length > 0) {
      onChange(values.slice(0, -1));
    } else if (event.key === "Escape" && open) {
      // NOTE: inside a dialog, the first Escape closes the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
    }
  }

  const chip =
    tone === "red" ? "bg-red-50 text-red-800 ring-1 ring-red-200" : "bg-brand-50 text-brand-800 ring-1 ring-brand-200";
  return (
    <div className="space-y-1.5" data-testid={testId}>
      <Label htmlFor={id}>{label}</Label>
      {values.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {values.map((value) => (
            <li
              key={value}
              className={cn("flex max-w-full items-center gap-1 rounded-full px-2.5 py-0.5 text-xs", chip)}
            >
              <span className="break-all">{value}</span>
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-white"
                aria-label={`Remove ${value}`}
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                <X className="h-3 w-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          id={id}
          value={text}
          disabled={full}
          placeholder={full ? "All 30 tags are used" : placeholder}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && highlighted >= 0 ? `${id}-o${highlighted}` : undefined}
          aria-describedby={problem ? `${id}-problem` : hint ? `${id}-hint` : undefined}
          className="h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-50"
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setDismissed(false);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setDismissed(true)}
        />
        {open && (
          <div
            id={`${id}-list`}
            role="listbox"
            className="absolute z-20 mt-1 max-h-56 w-full overflow-auto rounded-lg border border-brand-100 bg-white py-1 shadow-lg"
          >
            {suggestions.map((name, i) => (
              <div
                key={name}
                id={`${id}-o${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === highlighted}
                className={cn(
                  "cursor-pointer px-3 py-1.5 text-sm",
                  i === highlighted ? "bg-brand-100 text-brand-900" : "hover:bg-brand-50",
                )}
                onMouseDown={(event) => {
                  event.preventDefault();
                  add(name);
                }}
              >
                {name}
              </div>
            ))}
          </div>
        )}
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-xs text-red-600" role="alert">
          {problem}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
