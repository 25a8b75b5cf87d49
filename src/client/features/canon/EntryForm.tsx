// Adding or editing one entry of a canon pack: kind, name, keys (comma-separated aliases) and a description of up to
// 1,000 characters. The shared schema checks it here first; the server's answer (a clash of names, say) shows too.
import { useId, useState } from "react";
import {
  CANON_KIND_LABELS,
  CANON_KINDS,
  CANON_LIMITS,
  CanonEntryBody,
  type CanonEntry,
  type CanonKind,
} from "../../../shared/schemas/canon";
import { Button } from "../../components/ui/button";
import { CharCount } from "../../components/ui/char-count";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { Input, Textarea } from "../../components/ui/input";
import { ApiError, errorMessage } from "../../lib/api";
import { useSaveEntry } from "./queries";

const SELECT =
  "h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

type Errors = Partial<Record<"kind" | "name" | "keys" | "description", string>>;

const splitKeys = (text: string) =>
  text
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);

export function EntryForm({
  packId,
  entry,
  onDone,
}: {
  packId: number;
  /** The entry to edit; a new one when absent. */
  entry?: CanonEntry;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveEntry(packId);
  const [kind, setKind] = useState<CanonKind>(entry?.kind ?? "character");
  const [name, setName] = useState(entry?.name ?? "");
  const [keys, setKeys] = useState(entry?.keys.join(", ") ?? "");
  const [description, setDescription] = useState(entry?.description ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CanonEntryBody.safeParse({ kind, name, keys: splitKeys(keys), description });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setFormError(undefined);
    save.mutate(
      { entryId: entry?.id, body: parsed.data },
      {
        onSuccess: onDone,
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.data.fields ?? {}) : {};
          const byField: Errors = {};
          for (const [path, text] of Object.entries(fields)) byField[path.split(".")[0] as keyof Errors] ??= text;
          setErrors(byField);
          if (Object.keys(byField).length === 0) setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={entry ? `Edit ${entry.name}` : "New entry"}
      className="space-y-3 rounded-xl border border-brand-100 bg-brand-50/40 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <FormField id={`${id}-kind`} label="Kind" error={errors.kind}>
          <select className={SELECT} value={kind} onChange={(e) => setKind(e.target.value as CanonKind)}>
            {CANON_KINDS.map((k) => (
              <option key={k} value={k}>
                {CANON_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={`${id}-name`}
          label="Name"
          error={errors.name}
          counter={<CharCount value={name} max={CANON_LIMITS.nameMax} />}
        >
          <Input value={name} maxLength={CANON_LIMITS.nameMax} onChange={(e) => setName(e.target.value)} />
        </FormField>
      </div>
      <FormField
        id={`${id}-keys`}
        label="Keys"
        error={errors.keys}
        hint={
          <p className="text-xs text-slate-500">
            Other names that bring this entry to Marin, separated by commas (the name counts too).
          </p>
        }
      >
        <Input value={keys} placeholder="Pip, the thief" onChange={(e) => setKeys(e.target.value)} />
      </FormField>
      <FormField
        id={`${id}-description`}
        label="Description"
        error={errors.description}
        counter={<CharCount value={description} max={CANON_LIMITS.descriptionMax} />}
      >
        <Textarea
          value={description}
          maxLength={CANON_LIMITS.descriptionMax}
          rows={4}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <FormAlert message={formError} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {entry ? "Save entry" : "Add entry"}
        </Button>
      </div>
    </form>
  );
}
