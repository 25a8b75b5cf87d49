// Search, tags (include and exclude), rating, status, words, fandom, sort and NSFW for the browse page; every change
// lands in the URL.
import { useCallback } from "react";
import { FANDOMS } from "../../../shared/catalogues";
import { DiscoverSort } from "../../../shared/schemas/reading";
import { Label } from "../../components/ui/input";
import { SearchableMultiSelect } from "../stories/SearchableMultiSelect";
import { type DiscoverFilters, SORT_LABELS } from "./filters";
import { NsfwToggle } from "./NsfwToggle";
import type { NsfwGate } from "./nsfw-gate";
import { SearchBox } from "./SearchBox";
import { DiscoverTagFilters } from "../tags/DiscoverTagFilters";

const SELECT =
  "h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

export function DiscoverFilterBar({
  filters,
  gate,
  onChange,
}: {
  filters: DiscoverFilters;
  gate: NsfwGate;
  onChange: (change: Partial<DiscoverFilters>) => void;
}) {
  const commitQuery = useCallback((q: string) => onChange({ q }), [onChange]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers still in use (and jsdom)
    <form
      role="search"
      aria-label="Filter stories"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-2 gap-4 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm lg:grid-cols-4"
    >
      <div className="col-span-2 lg:col-span-4">
        <SearchBox value={filters.q} onCommit={commitQuery} />
      </div>
      <DiscoverTagFilters filters={filters} onChange={onChange} />
      <div className="space-y-1.5">
        <Label htmlFor="discover-sort">Sort</Label>
        <select
          id="discover-sort"
          className={SELECT}
          value={filters.sort}
          onChange={(event) => onChange({ sort: DiscoverSort.parse(event.target.value) })}
        >
          {DiscoverSort.options.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 lg:col-span-1">
        <SearchableMultiSelect
          label="Fandom"
          options={FANDOMS}
          selected={filters.fandom ? [filters.fandom] : []}
          onChange={(picked) => onChange({ fandom: picked[0] ?? null })}
          max={1}
          showCount={false}
          placeholder="Any fandom"
          emptyText="No fandoms found"
        />
      </div>
      <div className="col-span-2 flex items-end lg:col-span-1 lg:pb-2">
        <NsfwToggle gate={gate} onChange={(nsfw) => onChange({ nsfw })} />
      </div>
    </form>
  );
}
