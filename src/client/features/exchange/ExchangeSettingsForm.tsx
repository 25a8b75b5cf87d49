// The maintainers' exchange settings: the sign-up window, due date, reveal and the matching rules.
import { useId, useState } from "react";
import type { ExchangeView } from "../../../shared/schemas/exchange";
import { Button } from "../../components/ui/button";
import { Input, Label } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { fromLocalInput, toLocalInput } from "./datetime";
import { type ExchangeSettingsInput, useSaveExchange } from "./queries";

const DAY = 86_400_000;
const DEFAULT_RULES: ExchangeSettingsInput["rules"] = {
  minFandomMatch: 1,
  minCharacterMatch: 0,
  minRelationshipMatch: 0,
  offers: { min: 1, max: 5 },
  requests: { min: 1, max: 5 },
};

function NumberField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        min={0}
        max={20}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
      />
    </div>
  );
}

export function ExchangeSettingsForm({ name, current }: { name: string; current: ExchangeView | null }) {
  const id = useId();
  const save = useSaveExchange(name);
  const start = Date.now();
  const [times, setTimes] = useState({
    signupOpensAt: toLocalInput(current?.signupOpensAt ?? new Date(start).toISOString()),
    signupClosesAt: toLocalInput(current?.signupClosesAt ?? new Date(start + 14 * DAY).toISOString()),
    dueAt: toLocalInput(current?.dueAt ?? new Date(start + 45 * DAY).toISOString()),
    revealAt: toLocalInput(current?.revealAt ?? null),
  });
  const [rules, setRules] = useState(current?.rules ?? DEFAULT_RULES);
  const [error, setError] = useState<string>();
  // Assignments sent: the window and rules the pairs were made from stay (the server refuses a change); the due date
  // and the reveal may still move.
  const locked = current?.matchingState === "sent";
  const timeFields: [keyof typeof times, string][] = [
    ["signupOpensAt", "Sign-ups open"],
    ["signupClosesAt", "Sign-ups close"],
    ["dueAt", "Gifts due"],
    ["revealAt", "Reveal (optional)"],
  ];
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const body: ExchangeSettingsInput = {
      signupOpensAt: fromLocalInput(times.signupOpensAt) ?? "",
      signupClosesAt: fromLocalInput(times.signupClosesAt) ?? "",
      dueAt: fromLocalInput(times.dueAt) ?? "",
      revealAt: fromLocalInput(times.revealAt),
      rules,
    };
    save.mutate(body, {
      onSuccess: () => toast({ title: "Exchange saved" }),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Exchange settings" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {timeFields.map(([key, label]) => (
          <div key={key} className="space-y-1">
            <Label htmlFor={`${id}-${key}`}>{label}</Label>
            <Input
              id={`${id}-${key}`}
              type="datetime-local"
              value={times[key]}
              disabled={locked && (key === "signupOpensAt" || key === "signupClosesAt")}
              onChange={(e) => setTimes({ ...times, [key]: e.target.value })}
            />
          </div>
        ))}
      </div>
      {locked && (
        <p className="text-sm text-slate-600">
          Assignments were sent, so the sign-up dates and matching rules stay as they were. The due date and the reveal
          can still move.
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <NumberField
          label="Shared fandoms needed"
          disabled={locked}
          value={rules.minFandomMatch}
          onChange={(n) => setRules({ ...rules, minFandomMatch: n })}
        />
        <NumberField
          label="Shared characters needed"
          disabled={locked}
          value={rules.minCharacterMatch}
          onChange={(n) => setRules({ ...rules, minCharacterMatch: n })}
        />
        <NumberField
          label="Shared relationships needed"
          disabled={locked}
          value={rules.minRelationshipMatch}
          onChange={(n) => setRules({ ...rules, minRelationshipMatch: n })}
        />
        <NumberField
          label="Offers: fewest fandoms"
          disabled={locked}
          value={rules.offers.min}
          onChange={(n) => setRules({ ...rules, offers: { ...rules.offers, min: n } })}
        />
        <NumberField
          label="Offers: most of each"
          disabled={locked}
          value={rules.offers.max}
          onChange={(n) => setRules({ ...rules, offers: { ...rules.offers, max: n } })}
        />
        <NumberField
          label="Requests: fewest fandoms"
          disabled={locked}
          value={rules.requests.min}
          onChange={(n) => setRules({ ...rules, requests: { ...rules.requests, min: n } })}
        />
        <NumberField
          label="Requests: most of each"
          disabled={locked}
          value={rules.requests.max}
          onChange={(n) => setRules({ ...rules, requests: { ...rules.requests, max: n } })}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {current ? "Save settings" : "Open a gift exchange"}
      </Button>
    </form>
  );
}
