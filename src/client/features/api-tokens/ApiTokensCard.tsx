// Settings → API tokens (issue 34): make a personal token for a script or app, see it once with a Copy button, list
// the tokens (scopes, last use, expiry) and revoke one after a confirmation.
import { type FormEvent, useId, useState } from "react";
import {
  API_TOKEN_LIMITS,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
} from "../../../shared/schemas/api-tokens";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input, Label } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { timeAgo } from "../community/notification-text";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "./queries";

const EXPIRIES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "365 days" },
  { value: "never", label: "Never" },
] as const;
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const SELECT = "h-10 w-full rounded-lg border border-brand-200 bg-white px-3 text-sm text-ink";

function CreateTokenForm({ onCreated }: { onCreated: (created: ApiTokenCreated) => void }) {
  const id = useId();
  const create = useCreateApiToken();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"read" | "write">("read");
  const [expiry, setExpiry] = useState<string>("90");
  const [nameError, setNameError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError("Give the token a name");
    setNameError(undefined);
    const body: ApiTokenCreate = {
      name: trimmed,
      scopes: scope === "write" ? ["read", "write"] : ["read"],
      ...(expiry === "never" ? {} : { expiresInDays: Number(expiry) }),
    };
    create.mutate(body, {
      onSuccess: (created) => {
        setName("");
        onCreated(created);
      },
    });
  };
  return (
    <form onSubmit={submit} aria-label="Create an API token" className="mt-4 space-y-3">
      <FormField id={`${id}-name`} label="Token name" error={nameError}>
        <Input
          value={name}
          maxLength={API_TOKEN_LIMITS.nameChars}
          onChange={(e) => setName(e.target.value)}
          placeholder="My reader app"
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-scope`}>Access</Label>
          <select
            id={`${id}-scope`}
            value={scope}
            onChange={(e) => setScope(e.target.value as "read" | "write")}
            className={SELECT}
          >
            <option value="read">Read</option>
            <option value="write">Read and write</option>
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-expiry`}>Expires after</Label>
          <select id={`${id}-expiry`} value={expiry} onChange={(e) => setExpiry(e.target.value)} className={SELECT}>
            {EXPIRIES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {create.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(create.error)}
        </p>
      )}
      <Button type="submit" disabled={create.isPending}>
        Create token
      </Button>
    </form>
  );
}

function NewToken({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.token);
    setCopied(true);
  };
  return (
    <div role="status" className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4" data-testid="new-api-token">
      <p className="text-sm font-semibold text-ink">Your new token. You won't see it again: copy it now.</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Input readOnly value={created.token} aria-label="New API token" className="font-mono text-xs" />
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <Button type="button" variant="ghost" size="sm" className="mt-2" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const access = token.scopes.includes("write") ? "Read and write" : "Read";
  const lastUsed = token.lastUsedAt ? timeAgo(token.lastUsedAt) : "Never";
  const expires = token.expiresAt ? `Expires ${DAY.format(new Date(token.expiresAt))}` : "Never expires";
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" aria-label={token.name}>
      <div className="min-w-0">
        <p className="font-medium text-ink [overflow-wrap:anywhere]">{token.name}</p>
        <p className="text-xs text-slate-500">
          {access} · Last used: {lastUsed} · {expires}
        </p>
        {revoke.isError && (
          <p role="alert" className="text-xs text-red-700">
            {errorMessage(revoke.error)}
          </p>
        )}
      </div>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" disabled={revoke.isPending} className="self-start sm:self-auto">
            Revoke<span className="sr-only"> {token.name}</span>
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent
          title={`Revoke ${token.name}?`}
          description="Scripts and apps using this token stop working at once. This can't be undone."
        >
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => revoke.mutate(token.id)}>
            Revoke token
          </AlertDialogAction>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  return (
    <section
      aria-labelledby="api-tokens-heading"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
      data-testid="api-tokens"
    >
      <h2 id="api-tokens-heading" className="text-lg font-semibold text-ink">
        API tokens
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Let a script or app use FicForge as you, with <code>Authorization: Bearer</code> and your token. A token can't
        change your password, email, sessions, tokens, billing or account.{" "}
        <a href="/api/docs" className="font-medium text-brand-700 underline">
          API reference
        </a>
      </p>
      {created ? (
        <NewToken created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
      <h3 className="mt-6 text-sm font-semibold text-ink">Your tokens</h3>
      {tokens.isError && <p className="mt-1 text-sm text-red-700">Couldn't load your API tokens.</p>}
      {tokens.data?.length === 0 && <p className="mt-1 text-sm text-slate-500">You have no API tokens.</p>}
      {tokens.data && tokens.data.length > 0 && (
        <ul className="mt-1 divide-y divide-brand-100" aria-label="Your API tokens">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      )}
    </section>
  );
}
