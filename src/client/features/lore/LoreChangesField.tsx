// An entry's progression (issue 32): 'Changes from chapter N', each a chapter number and how the entry reads from
// then on. Marin writing in a chapter sees the latest change from that chapter or before, else the description.
import { Plus, X } from "lucide-react";
import { useId } from "react";
import { LORE_LIMITS } from "../../../shared/schemas/lore";
import { Button } from "../../components/ui/button";
import { FieldError, Input, Label, Textarea } from "../../components/ui/input";

/** A change as typed: the chapter stays text until the form is sent. */
export interface ChangeDraft {
  fromChapter: string;
  description: string;
}

export const CHANGES_HINT =
  "How the entry reads from a chapter on. Marin writing in a later chapter sees the latest change instead of the description.";

export function LoreChangesField({
  changes,
  onChange,
  error,
}: {
  changes: ChangeDraft[];
  onChange: (changes: ChangeDraft[]) => void;
  error?: string;
}) {
  const id = useId();
  const put = (at: number, change: Partial<ChangeDraft>) =>
    onChange(changes.map((old, i) => (i === at ? { ...old, ...change } : old)));
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-ink">Changes from a chapter on</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {CHANGES_HINT}
      </p>
      {changes.map((change, i) => (
        // NOTE: rows have no id of their own; a removed row shifts the ones after it, which is what the writer sees.
        <div key={i} className="space-y-1.5 rounded-lg border border-brand-100 bg-white p-2">
          <div className="flex items-center gap-2">
            <Label htmlFor={`${id}-${i}-chapter`}>Changes from chapter</Label>
            <Input
              id={`${id}-${i}-chapter`}
              inputMode="numeric"
              className="w-20"
              value={change.fromChapter}
              onChange={(e) => put(i, { fromChapter: e.target.value.replace(/\D/g, "") })}
            />
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="ml-auto"
              aria-label={`Remove the change from chapter ${change.fromChapter || i + 1}`}
              onClick={() => onChange(changes.filter((_, k) => k !== i))}
            >
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </div>
          <Textarea
            aria-label={`Description from chapter ${change.fromChapter || "?"}`}
            rows={2}
            maxLength={LORE_LIMITS.descriptionChars}
            value={change.description}
            onChange={(e) => put(i, { description: e.target.value })}
          />
        </div>
      ))}
      <FieldError message={error} />
      {changes.length < LORE_LIMITS.changesPerEntry ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => onChange([...changes, { fromChapter: "", description: "" }])}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add a change
        </Button>
      ) : null}
    </fieldset>
  );
}
