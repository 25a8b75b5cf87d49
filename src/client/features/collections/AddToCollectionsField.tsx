// The publish dialog's 'Add to collections' field (issue 33): collection names, added once the work is published.
import { useId } from "react";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";

export function AddToCollectionsField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <FormField
      id={`${id}-collections`}
      label="Add to collections (optional)"
      error={error}
      hint="Collection names, separated by commas: the work is added once it is published."
    >
      <Input
        value={value}
        placeholder="e.g. yuletide_2026"
        autoCapitalize="off"
        autoComplete="off"
        data-field="collections"
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
