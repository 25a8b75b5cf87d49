// The details page's Description: the blurb given at publish, editable afterwards, with its counter.
import { useId } from "react";
import { STORY_DESCRIPTION_MAX } from "../../../shared/limits";
import { FieldError, Label, Textarea } from "../../components/ui/input";

export function DescriptionField({
  value,
  onChange,
  error,
  published,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  published: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>Description</Label>
        <span className="text-xs tabular-nums text-slate-500">
          {Array.from(value).length}/{STORY_DESCRIPTION_MAX}
        </span>
      </div>
      <Textarea
        id={id}
        value={value}
        rows={3}
        maxLength={STORY_DESCRIPTION_MAX}
        placeholder="What is your story about?"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {published ? (
        <p className="text-xs text-slate-500">Readers see it on your story's card and public page.</p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
