// Discover's tag filters: tags to include (all of them), tags to exclude (none of them), ratings, complete only, and
// a word range. Every change lands in the URL (filters.ts), so a link shares them and Back restores them.
import { useId } from "react";
import { CONTENT_RATINGS, type ContentRating } from "../../../shared/tagging";
import { Input, Label } from "../../components/ui/input";
import type { DiscoverFilters } from "../discover/filters";
import { TagInput } from "./TagInput";

type Change = (change: Partial<DiscoverFilters>) => void;

function WordBound({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (n: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={500}
        value={value ?? ""}
        placeholder="Any"
        onChange={(event) => {
          const n = Number.parseInt(event.target.value, 10);
          onChange(Number.isFinite(n) && n >= 0 ? n : null);
        }}
      />
    </div>
  );
}

export function DiscoverTagFilters({ filters, onChange }: { filters: DiscoverFilters; onChange: Change }) {
  const toggleRating = (rating: ContentRating, on: boolean) =>
    onChange({ ratings: on ? [...filters.ratings, rating] : filters.ratings.filter((r) => r !== rating) });
  return (
    <div className="col-span-2 grid gap-4 sm:grid-cols-2 lg:col-span-4" data-testid="discover-tag-filters">
      <TagInput
        label="Include tags"
        values={filters.tags}
        onChange={(tags) => onChange({ tags })}
        placeholder="Any tag, e.g. Slow Burn"
        testId="include-tags"
      />
      <TagInput
        label="Exclude tags"
        values={filters.exclude}
        onChange={(exclude) => onChange({ exclude })}
        placeholder="Never show stories tagged…"
        testId="exclude-tags"
        tone="red"
      />
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-ink">Rating</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          {CONTENT_RATINGS.map((rating) => (
            <label key={rating.id} className="flex items-center gap-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={filters.ratings.includes(rating.id)}
                onChange={(event) => toggleRating(rating.id, event.target.checked)}
              />
              {rating.label}
            </label>
          ))}
        </div>
        <label className="flex items-center gap-1.5 pt-1 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={filters.status === "complete"}
            onChange={(event) => onChange({ status: event.target.checked ? "complete" : null })}
          />
          Complete only
        </label>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <WordBound label="Min words" value={filters.minWords} onChange={(minWords) => onChange({ minWords })} />
        <WordBound label="Max words" value={filters.maxWords} onChange={(maxWords) => onChange({ maxWords })} />
      </div>
    </div>
  );
}
