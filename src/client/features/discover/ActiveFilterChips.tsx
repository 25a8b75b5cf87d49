// The filters in force as removable chips, shown while the panel holding them is folded (AO3 and Royal Road do
// the same), so the first stories stay on the first screen.
import { X } from "lucide-react";
import { type ActiveFilter, NO_FILTERS } from "./active-filters";
import type { DiscoverFilters } from "./filters";

export function ActiveFilterChips({
  chips,
  onChange,
}: {
  chips: readonly ActiveFilter[];
  onChange: (change: Partial<DiscoverFilters>) => void;
}) {
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label="Active filters" data-testid="active-filters">
      {chips.map((chip) => (
        <li
          key={chip.id}
          className="flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-xs font-medium text-brand-800 ring-1 ring-brand-200"
        >
          <span className="break-all">{chip.label}</span>
          <button
            type="button"
            className="rounded-full p-1 hover:bg-white"
            aria-label={`Remove filter ${chip.label}`}
            onClick={() => onChange(chip.remove)}
          >
            <X className="h-3 w-3" aria-hidden />
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <button
            type="button"
            className="px-1.5 text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
            onClick={() => onChange(NO_FILTERS)}
          >
            Clear all
          </button>
        </li>
      )}
    </ul>
  );
}
