// The publish dialog's tags: search over the 30 publish tags, pick up to 5; a sixth pick is ignored.
// Enter in the search picks the top match not yet chosen.
import { Search, X } from "lucide-react";
import { useId, useState } from "react";
import { CATALOGUE_TAGS } from "../../../shared/tagging";
import { TAGS_PER_STORY } from "../../../shared/limits";
import { Input } from "../../components/ui/input";
import { cn } from "../../lib/cn";

/** Adds or removes a tag; adding beyond the limit leaves the list as it was. */
export function toggleTag(tags: readonly string[], tag: string, max = TAGS_PER_STORY): string[] {
  if (tags.includes(tag)) return tags.filter((t) => t !== tag);
  if (tags.length >= max) return [...tags];
  return [...tags, tag];
}

export function TagPicker({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const needle = query.trim().toLowerCase();
  const matches = CATALOGUE_TAGS.filter((tag) => tag.toLowerCase().includes(needle));
  const full = value.length >= TAGS_PER_STORY;

  return (
    <fieldset className="space-y-2">
      <div className="flex items-center justify-between">
        <legend className="text-sm font-medium text-ink">Tags</legend>
        <span className="text-xs text-slate-500" aria-live="polite" data-testid="tag-count">
          {value.length}/{TAGS_PER_STORY}
        </span>
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected tags">
          {value.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => onChange(toggleTag(value, tag))}
                aria-label={`Remove tag ${tag}`}
                className="inline-flex cursor-pointer items-center gap-1 rounded-full bg-brand-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-brand-700"
              >
                {tag}
                <X className="h-3 w-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <label htmlFor={searchId} className="sr-only">
          Search tags
        </label>
        <Input
          id={searchId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search tags..."
          className="pl-9"
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            // NOTE: Enter in the search picks the top match; it must never submit (publish) the form around it.
            event.preventDefault();
            const top = needle ? matches.find((tag) => !value.includes(tag)) : undefined;
            if (!top || full) return;
            onChange([...value, top]);
            setQuery("");
          }}
        />
      </div>
      <ul className="flex max-h-32 flex-wrap gap-1.5 overflow-y-auto" aria-label="Available tags">
        {matches.length === 0 ? <li className="text-xs text-slate-500">No tags found</li> : null}
        {matches.map((tag) => {
          const selected = value.includes(tag);
          return (
            <li key={tag}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onChange(toggleTag(value, tag))}
                className={cn(
                  "cursor-pointer rounded-full border px-2.5 py-1 text-xs font-medium transition-colors",
                  selected
                    ? "border-brand-600 bg-brand-50 text-brand-800"
                    : "border-brand-200 bg-white text-slate-700 hover:bg-brand-50",
                  full && !selected && "opacity-50",
                )}
              >
                {tag}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
