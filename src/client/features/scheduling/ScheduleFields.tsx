// 'Schedule' and 'Silent update': the time a release goes live (in the writer's time zone) and whether anyone is told.
// Shared by the publish dialog (a whole publish) and the chapter dialog.
import { useId } from "react";
import { FieldError, Input, Label } from "../../components/ui/input";
import { localInputValue } from "./release-time";

export interface ScheduleDraft {
  /** The datetime-local field's value. */
  at: string;
  silent: boolean;
}

export function ScheduleFields({
  value,
  onChange,
  error,
  silentHint,
}: {
  value: ScheduleDraft;
  onChange: (next: ScheduleDraft) => void;
  error?: string;
  /** Who a silent release does not tell. */
  silentHint: string;
}) {
  const id = useId();
  const now = new Date();
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={id}>Goes live at</Label>
        <Input
          id={id}
          type="datetime-local"
          value={value.at}
          min={localInputValue(new Date(now.getTime() + 60_000))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange({ ...value, at: event.target.value })}
        />
        <p className="text-xs text-slate-600">Your time zone. At least a minute and at most a year from now.</p>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-brand-100 p-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
          checked={value.silent}
          onChange={(event) => onChange({ ...value, silent: event.target.checked })}
        />
        <span>
          <span className="font-medium text-ink">Silent update</span>
          <span className="block text-slate-600">{silentHint}</span>
        </span>
      </label>
    </div>
  );
}
