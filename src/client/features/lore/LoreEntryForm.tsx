// One lorebook entry's form, for a story's lorebook and a canon pack alike: kind, name, keys (comma-separated aliases),
// the description with a live count, whether Marin uses it, and (story and series entries) its changes by chapter. Validated with the endpoint's own schema, so the messages are the server's;
// the server's answer (a name the lorebook already has, say) shows under the field it names, or above the buttons.
import { type FormEvent, useId, useState } from "react";
import {
  LORE_KIND_LABELS,
  LORE_KINDS,
  LORE_LIMITS,
  LoreEntryCreate,
  type LoreKind,
} from "../../../shared/schemas/lore";
import { Button } from "../../components/ui/button";
import { CharCount } from "../../components/ui/char-count";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { Input, Textarea } from "../../components/ui/input";
import { ApiError, errorMessage } from "../../lib/api";
import { type ChangeDraft, LoreChangesField } from "./LoreChangesField";

export interface LoreDraft {
  kind: LoreKind;
  name: string;
  keys: string[];
  description: string;
  changes?: { fromChapter: number; description: string }[];
  enabled?: boolean;
}

export const EMPTY_DRAFT: LoreDraft = {
  kind: "character",
  name: "",
  keys: [],
  description: "",
  changes: [],
  enabled: true,
};
export const ENABLED_LABEL = "Marin uses this entry";
export const KEYS_HINT = `Other names that bring the entry into Marin's context, separated by commas (at least ${LORE_LIMITS.keyMinChars} characters each). The name counts too.`;

const splitKeys = (text: string) =>
  text
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);

export function LoreEntryForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  label,
  progression = false,
}: {
  initial: LoreDraft;
  submitLabel: string;
  pending: boolean;
  onSubmit: (draft: LoreDraft) => Promise<unknown>;
  onCancel: () => void;
  /** The form's accessible name, e.g. "New entry" or "Edit Pip". */
  label?: string;
  /** Story and series entries change by chapter; a canon pack's do not. */
  progression?: boolean;
}) {
  const id = useId();
  const [kind, setKind] = useState(initial.kind);
  const [name, setName] = useState(initial.name);
  const [keys, setKeys] = useState(initial.keys.join(", "));
  const [description, setDescription] = useState(initial.description);
  const [enabled, setEnabled] = useState(initial.enabled ?? true);
  const [changes, setChanges] = useState<ChangeDraft[]>(
    (initial.changes ?? []).map((c) => ({ fromChapter: String(c.fromChapter), description: c.description })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const draft = {
      kind,
      name,
      keys: splitKeys(keys),
      description,
      enabled,
      changes: changes.map((c) => ({ fromChapter: Number(c.fromChapter || 0), description: c.description })),
    };
    const parsed = LoreEntryCreate.safeParse(draft);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(undefined);
    try {
      await onSubmit(draft);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.data.fields ?? {}) : {};
      const byField: Record<string, string> = {};
      for (const [path, text] of Object.entries(fields)) byField[path.split(".")[0]!] ??= text;
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFailure(errorMessage(error, "The entry could not be saved."));
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-label={label}
      className="space-y-3 rounded-xl border border-brand-100 bg-brand-50/40 p-3"
      noValidate
    >
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <FormField id={`${id}-kind`} label="Kind">
          <select
            value={kind}
            onChange={(event) => setKind(event.target.value as LoreKind)}
            className="h-10 w-full rounded-lg border border-brand-200 bg-white px-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          >
            {LORE_KINDS.map((value) => (
              <option key={value} value={value}>
                {LORE_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={`${id}-name`}
          label="Name"
          error={errors.name}
          counter={<CharCount value={name} max={LORE_LIMITS.nameChars} />}
        >
          <Input value={name} maxLength={LORE_LIMITS.nameChars} onChange={(e) => setName(e.target.value)} />
        </FormField>
      </div>
      <FormField
        id={`${id}-keys`}
        label="Keys"
        error={errors.keys}
        hint={<p className="text-xs text-slate-500">{KEYS_HINT}</p>}
      >
        <Input value={keys} placeholder="Pip, the Fox" onChange={(e) => setKeys(e.target.value)} />
      </FormField>
      <FormField
        id={`${id}-description`}
        label="Description"
        error={errors.description}
        counter={<CharCount value={description} max={LORE_LIMITS.descriptionChars} />}
      >
        <Textarea
          value={description}
          rows={4}
          maxLength={LORE_LIMITS.descriptionChars}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      {progression ? <LoreChangesField changes={changes} onChange={setChanges} error={errors.changes} /> : null}
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          className="h-4 w-4 accent-brand-600"
        />
        {ENABLED_LABEL}
      </label>
      <FormAlert message={failure} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
