// Chips plus a search box with a dropdown of matches; the box is hidden once `max` items are picked.
import { X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Label } from "../../components/ui/input";
import { cn } from "../../lib/cn";

export interface SearchableMultiSelectProps {
  label: string;
  options: readonly string[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  max: number;
  placeholder: string;
  /** Shown in the dropdown when nothing matches, e.g. 'No tags found'. */
  emptyText: string;
  /** At most this many matches are listed at once (the fandom list is long). */
  listLimit?: number;
  /** Show the "n/max" counter (a single-choice filter has no use for it). */
  showCount?: boolean;
}

export function SearchableMultiSelect({
  label,
  options,
  selected,
  onChange,
  max,
  placeholder,
  emptyText,
  listLimit = 50,
  showCount = true,
}: SearchableMultiSelectProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const boxRef = useRef<HTMLDivElement>(null);

  // The open list covers what lies below it (the wizard's Back and Next): a press anywhere outside closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const needle = query.trim().toLowerCase();
  const matches = options
    .filter((option) => !selected.includes(option) && option.toLowerCase().includes(needle))
    .slice(0, listLimit);
  const full = selected.length >= max;

  function add(option: string) {
    // Toggling past the limit or picking a duplicate is ignored.
    if (full || selected.includes(option)) return;
    onChange([...selected, option]);
    setQuery("");
    setActive(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, matches.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === "Enter" && open && matches[active]) {
      event.preventDefault();
      add(matches[active]);
    } else if (event.key === "Escape" && open) {
      // NOTE: only the list closes, not a dialog around it.
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  }

  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {showCount && (
          <span className="text-xs tabular-nums text-slate-500">
            {selected.length}/{max}
          </span>
        )}
      </div>
      {selected.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Selected ${label.toLowerCase()}`}>
          {selected.map((item) => (
            <li
              key={item}
              className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pl-3 pr-1 text-sm text-brand-800"
            >
              {item}
              <button
                type="button"
                aria-label={`Remove ${item}`}
                onClick={() => onChange(selected.filter((s) => s !== item))}
                className="rounded-full p-0.5 hover:bg-brand-200"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <div className="relative" ref={boxRef}>
          <input
            id={id}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
            autoComplete="off"
            value={query}
            placeholder={placeholder}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            // Let a click on an option land before the list closes.
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={onKeyDown}
            className="h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          {open && (
            <div
              id={listId}
              role="listbox"
              aria-label={label}
              className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-brand-100 bg-white py-1 shadow-lg"
            >
              {matches.length === 0 ? (
                <p className="px-3 py-2 text-sm text-slate-500">{emptyText}</p>
              ) : (
                matches.map((option, index) => (
                  <div
                    key={option}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    tabIndex={-1}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => {
                      add(option);
                      // A pick by pointer closes the list, so it no longer covers the buttons below.
                      setOpen(false);
                    }}
                    onKeyDown={() => {}}
                    onMouseEnter={() => setActive(index)}
                    className={cn(
                      "cursor-pointer px-3 py-2 text-sm",
                      index === active ? "bg-brand-50 text-brand-800" : "text-ink",
                    )}
                  >
                    {option}
                  </div>
                ))
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
