// A new pack for a fandom; the fandoms of the writer's stories that have no pack yet are offered first.
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { CANON_LIMITS, CanonFandom } from "../../../shared/schemas/canon";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useCreatePack } from "./queries";

export function CreatePackForm({ suggestions }: { suggestions: string[] }) {
  const id = useId();
  const create = useCreatePack();
  const [fandom, setFandom] = useState("");
  const [error, setError] = useState<string>();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CanonFandom.safeParse(fandom);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (pack) => {
        setFandom("");
        toast({ title: `Created your ${pack.fandom} pack` });
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New canon pack" className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <FormField id={`${id}-fandom`} label="Fandom" error={error}>
            <Input
              value={fandom}
              maxLength={CANON_LIMITS.fandomMax}
              placeholder="e.g. Naruto"
              list={suggestions.length > 0 ? `${id}-suggestions` : undefined}
              onChange={(e) => setFandom(e.target.value)}
            />
          </FormField>
        </div>
        <Button type="submit" className="sm:mt-7" disabled={create.isPending}>
          <Plus className="h-4 w-4" aria-hidden /> Create pack
        </Button>
      </div>
      {suggestions.length > 0 && (
        <>
          <datalist id={`${id}-suggestions`}>
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-600">Your stories' fandoms:</span>
            {suggestions.map((name) => (
              <button
                key={name}
                type="button"
                className="rounded-full border border-brand-200 bg-white px-3 py-1 text-brand-800 hover:bg-brand-50"
                onClick={() => {
                  setFandom(name);
                  document.getElementById(`${id}-fandom`)?.focus();
                }}
              >
                {name}
              </button>
            ))}
          </div>
        </>
      )}
    </form>
  );
}
