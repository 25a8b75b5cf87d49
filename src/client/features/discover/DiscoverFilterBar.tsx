// Search, sort and NSFW for the browse page, with the narrowing filters (tags included and excluded, rating, status,
// words, fandom, AI) folded behind 'Filters (N)' and shown as removable chips; every change lands in the URL. The panel
// starts open only when the URL carries filters, so a plain visit sees stories on its first screen.
import { SlidersHorizontal } from "lucide-react";
import { useCallback, useId, useState } from "react";
import type { AiFilter } from "../../../shared/ai-label";
import { FANDOMS } from "../../../shared/catalogues";
import { DiscoverSort } from "../../../shared/schemas/reading";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { SearchableMultiSelect } from "../stories/SearchableMultiSelect";
import { DiscoverTagFilters } from "../tags/DiscoverTagFilters";
import { ActiveFilterChips } from "./ActiveFilterChips";
import { AiFilterGroup, MakeAiDefault } from "./AiFilterGroup";
import { activeFilters } from "./active-filters";
import { aiInForce, type DiscoverFilters, SORT_LABELS } from "./filters";
import { FindingFilters } from "./FindingFilters";
import { NsfwToggle } from "./NsfwToggle";
import type { NsfwGate } from "./nsfw-gate";
import { SearchBox } from "./SearchBox";

const SELECT =
  "h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

/** 'Filters', or 'Filters (3)' with three in force. */
export const filtersLabel = (count: number) => (count > 0 ? `Filters (${count})` : "Filters");

export function DiscoverFilterBar({
  filters,
  gate,
  onChange,
  aiPreference,
}: {
  filters: DiscoverFilters;
  gate: NsfwGate;
  onChange: (change: Partial<DiscoverFilters>) => void;
  /** A signed-in reader's AI preference (applied when the URL says nothing); undefined for visitors or unknown. */
  aiPreference?: AiFilter;
}) {
  const commitQuery = useCallback((q: string) => onChange({ q }), [onChange]);
  const chips = activeFilters(filters, aiPreference);
  const [open, setOpen] = useState(() => chips.length > 0);
  const panelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers still in use (and jsdom)
    <form
      role="search"
      aria-label="Filter stories"
      onSubmit={(event) => event.preventDefault()}
      className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-[1_1_100%] sm:flex-[1_1_16rem]">
          <SearchBox value={filters.q} onCommit={commitQuery} />
        </div>
        <div className="min-w-[7.5rem] flex-1 space-y-1.5 sm:w-44 sm:flex-none">
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
        <Button
          variant="outline"
          className={cn("h-10", open && "bg-brand-50")}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          data-testid="filters-toggle"
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden />
          {filtersLabel(chips.length)}
        </Button>
        <div className="flex h-10 items-center">
          <NsfwToggle gate={gate} onChange={(nsfw) => onChange({ nsfw })} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ActiveFilterChips chips={chips} onChange={onChange} />
        <MakeAiDefault urlAi={filters.ai} preference={aiPreference} />
      </div>
      {open && (
        <div
          id={panelId}
          className="grid grid-cols-2 gap-4 border-t border-brand-100 pt-4 lg:grid-cols-4"
          data-testid="filters-panel"
        >
          <DiscoverTagFilters filters={filters} onChange={onChange} />
          <div className="col-span-2">
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
          <FindingFilters filters={filters} onChange={onChange} />
          <AiFilterGroup inForce={aiInForce(filters, aiPreference)} onChange={onChange} />
        </div>
      )}
    </form>
  );
}
