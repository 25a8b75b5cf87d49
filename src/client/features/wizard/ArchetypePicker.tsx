// Toggle chips for archetypes: at most `max`, each once.
import { ARCHETYPES } from "../../../shared/catalogues";
import { cn } from "../../lib/cn";

export function ArchetypePicker({
  label,
  selected,
  max,
  onToggle,
}: {
  label: string;
  selected: readonly string[];
  max: number;
  onToggle: (archetype: string) => void;
}) {
  const full = selected.length >= max;
  return (
    <fieldset className="space-y-2">
      <legend className="flex w-full items-end justify-between text-sm font-medium text-ink">
        <span>{label}</span>
        <span className="text-xs font-normal tabular-nums text-slate-500">
          {selected.length}/{max}
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {ARCHETYPES.map((archetype) => {
          const isSelected = selected.includes(archetype);
          return (
            <button
              key={archetype}
              type="button"
              aria-pressed={isSelected}
              disabled={full && !isSelected}
              onClick={() => onToggle(archetype)}
              className={cn(
                "rounded-full border px-3 py-1.5 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-50",
                isSelected
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-brand-200 bg-white text-ink hover:bg-brand-50",
              )}
            >
              {archetype}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
