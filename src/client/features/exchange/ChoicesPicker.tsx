// One side of a sign-up: fandoms from the catalogue, characters and relationships with the tag autocomplete.
import { FANDOMS } from "../../../shared/catalogues";
import type { Choices } from "../../../shared/schemas/exchange";
import { SearchableMultiSelect } from "../stories/SearchableMultiSelect";
import { TagInput } from "../tags/TagInput";

export function ChoicesPicker({
  legend,
  value,
  max,
  onChange,
  testId,
}: {
  legend: string;
  value: Choices;
  max: number;
  onChange: (next: Choices) => void;
  testId: string;
}) {
  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-brand-100 p-3 sm:p-4" data-testid={testId}>
      <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
      <SearchableMultiSelect
        label="Fandoms"
        options={FANDOMS}
        selected={value.fandoms}
        max={max}
        onChange={(fandoms) => onChange({ ...value, fandoms })}
        placeholder="Search fandoms..."
        emptyText="No fandoms found"
      />
      <TagInput
        label="Characters"
        kind="character"
        values={value.characters}
        full={value.characters.length >= max}
        onChange={(characters) => onChange({ ...value, characters })}
        placeholder="Type a character"
      />
      <TagInput
        label="Relationships"
        kind="relationship"
        values={value.relationships}
        full={value.relationships.length >= max}
        onChange={(relationships) => onChange({ ...value, relationships })}
        placeholder="Type a relationship"
      />
    </fieldset>
  );
}
