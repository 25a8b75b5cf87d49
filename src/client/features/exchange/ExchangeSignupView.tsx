// /dashboard/exchanges/{name}: a collection's gift exchange as a participant sees it — its dates and rules, and the
// sign-up form (what I offer to write, what I would like, my prompt) while sign-ups are open.
import { Gift } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link } from "wouter";
import { collectionPath, ROUTES } from "../../../shared/routes";
import { type Choices, EXCHANGE_LIMITS, type ExchangeView } from "../../../shared/schemas/exchange";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Textarea } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { ChoicesPicker } from "./ChoicesPicker";
import { useExchange, useMySignup, useSaveSignup, useWithdrawSignup } from "./queries";

const EMPTY: Choices = { fandoms: [], characters: [], relationships: [] };
export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "set by hand";

/** The rules in words, e.g. 'at least 1 shared fandom and 1 shared character'. */
export function rulesText(rules: ExchangeView["rules"]): string {
  const parts = [
    [rules.minFandomMatch, "fandom"],
    [rules.minCharacterMatch, "character"],
    [rules.minRelationshipMatch, "relationship"],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, kind]) => `${n} shared ${kind}${Number(n) === 1 ? "" : "s"}`);
  return parts.length === 0 ? "Any pair may match." : `A match needs at least ${parts.join(" and ")}.`;
}

function SignupForm({ exchange }: { exchange: ExchangeView }) {
  const id = useId();
  const name = exchange.collection.name;
  const mine = useMySignup(name);
  const save = useSaveSignup(name, Boolean(mine.data));
  const withdraw = useWithdrawSignup(name);
  const [offers, setOffers] = useState<Choices>(EMPTY);
  const [requests, setRequests] = useState<Choices>(EMPTY);
  const [prompt, setPrompt] = useState("");
  const [pinchHitter, setPinchHitter] = useState(false);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!mine.data) return;
    setOffers(mine.data.offers);
    setRequests(mine.data.requests);
    setPrompt(mine.data.prompt);
    setPinchHitter(mine.data.pinchHitter);
  }, [mine.data]);
  if (mine.isPending) return <Skeleton className="h-64 w-full" />;
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(
      { offers, requests, prompt, pinchHitter },
      {
        onSuccess: () => toast({ title: mine.data ? "Sign-up saved" : "You are signed up" }),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up" className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <ChoicesPicker
          legend="I offer to write"
          value={offers}
          max={exchange.rules.offers.max}
          onChange={setOffers}
          testId="signup-offers"
        />
        <ChoicesPicker
          legend="I would like to receive"
          value={requests}
          max={exchange.rules.requests.max}
          onChange={setRequests}
          testId="signup-requests"
        />
      </div>
      <FormField id={`${id}-prompt`} label="Your prompt (what you would love to read)">
        <Textarea value={prompt} maxLength={EXCHANGE_LIMITS.prompt} onChange={(e) => setPrompt(e.target.value)} />
      </FormField>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={pinchHitter} onChange={(e) => setPinchHitter(e.target.checked)} />I can write a
        pinch hit if someone drops out
      </label>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {mine.data ? "Save my sign-up" : "Sign up"}
        </Button>
        {mine.data && (
          <Button
            type="button"
            variant="outline"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(undefined, {
                onSuccess: () => {
                  setOffers(EMPTY);
                  setRequests(EMPTY);
                  setPrompt("");
                  toast({ title: "Sign-up withdrawn" });
                },
                onError: (failure) => setError(errorMessage(failure)),
              })
            }
          >
            Withdraw
          </Button>
        )}
      </div>
    </form>
  );
}

export function ExchangeSignupView({ name }: { name: string }) {
  const exchange = useExchange(name);
  if (exchange.isPending) return <Skeleton className="m-6 h-64" />;
  if (exchange.isError || !exchange.data) {
    return <p className="p-6 text-slate-600">{errorMessage(exchange.error, "This exchange could not be loaded.")}</p>;
  }
  const x = exchange.data;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
          <Gift className="h-4 w-4" aria-hidden /> Gift exchange
        </p>
        <h1 className="break-words font-serif text-3xl font-bold text-ink">
          <a href={collectionPath(x.collection.name)} className="hover:text-brand-700">
            {x.collection.title}
          </a>
        </h1>
        <dl className="grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold">Sign-ups: </dt>
            <dd className="inline">
              {when(x.signupOpensAt)} – {when(x.signupClosesAt)}
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Gifts due: </dt>
            <dd className="inline">{when(x.dueAt)}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Reveal: </dt>
            <dd className="inline">{when(x.revealAt)}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Rules: </dt>
            <dd className="inline">
              {rulesText(x.rules)} Choose {x.rules.offers.min}–{x.rules.offers.max} fandoms to offer and{" "}
              {x.rules.requests.min}–{x.rules.requests.max} to request.
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-3 text-sm">
          {x.maintainer && (
            <Link href={ROUTES.exchangeManage(x.collection.name)} className="font-semibold text-brand-700 underline">
              Manage this exchange
            </Link>
          )}
          <Link href={ROUTES.myAssignments} className="font-semibold text-brand-700 underline">
            My assignments
          </Link>
        </div>
      </header>
      {x.signupState === "open" ? (
        <SignupForm exchange={x} />
      ) : (
        <p className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-slate-700" data-testid="signup-state">
          {x.signupState === "upcoming"
            ? `Sign-ups open ${when(x.signupOpensAt)}.`
            : x.signedUp
              ? "Sign-ups are closed. You are signed up: your assignment will arrive in My assignments."
              : "Sign-ups for this exchange are closed."}
        </p>
      )}
    </div>
  );
}
