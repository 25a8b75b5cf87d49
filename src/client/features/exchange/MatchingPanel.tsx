// The maintainers' matching result: Run matching, the pairs with their overlap (changed by hand while proposed),
// who is unmatched, Send assignments, and pinch hits for assignments whose giver defaulted.
import { useId, useState } from "react";
import type { ExchangeView, MatchingView, MatchPairView, SignupView } from "../../../shared/schemas/exchange";
import { Button } from "../../components/ui/button";
import { Input, Label } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useExchangeAction } from "./queries";

type Act = ReturnType<typeof useExchangeAction>;
const failed = (error: Error) => toast({ title: errorMessage(error), variant: "destructive" });

function ChangePair({
  giver,
  recipient,
  signups,
  act,
}: {
  giver: string;
  recipient: string | null;
  signups: SignupView[];
  act: Act;
}) {
  const id = useId();
  const others = signups.filter((s) => s.username !== giver);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor={id} className="sr-only">
        Recipient for {giver}
      </Label>
      <select
        id={id}
        value={recipient ?? ""}
        disabled={act.isPending}
        onChange={(e) =>
          act.mutate(
            { method: "PUT", path: `/matching/${encodeURIComponent(giver)}`, body: { recipient: e.target.value } },
            { onError: failed },
          )
        }
        className="h-9 max-w-full rounded-lg border border-brand-200 bg-white px-2 text-sm text-ink"
      >
        {recipient === null && <option value="">Choose a recipient</option>}
        {others.map((s) => (
          <option key={s.username} value={s.username}>
            {s.username}
          </option>
        ))}
      </select>
      {recipient !== null && (
        <Button
          size="sm"
          variant="ghost"
          disabled={act.isPending}
          onClick={() =>
            act.mutate({ method: "DELETE", path: `/matching/${encodeURIComponent(giver)}` }, { onError: failed })
          }
        >
          Unpair
        </Button>
      )}
    </div>
  );
}

function PinchHit({ pair, act }: { pair: MatchPairView; act: Act }) {
  const id = useId();
  const [username, setUsername] = useState("");
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={`Pinch hit for ${pair.recipient}`}
      onSubmit={(event) => {
        event.preventDefault();
        act.mutate(
          { method: "POST", path: `/assignments/${pair.id}/pinch-hit`, body: { username } },
          { onSuccess: () => toast({ title: `${username} is writing for ${pair.recipient}` }), onError: failed },
        );
      }}
    >
      <div className="space-y-1">
        <Label htmlFor={id}>Pinch hitter</Label>
        <Input id={id} value={username} placeholder="username" onChange={(e) => setUsername(e.target.value)} />
      </div>
      <Button type="submit" size="sm" disabled={act.isPending || username.trim() === ""}>
        Assign pinch hit
      </Button>
    </form>
  );
}

/** Whether a pair still needs a pinch hit: it left its giver, and nobody writes for its recipient now. */
export function needsPinchHit(pair: MatchPairView, pairs: readonly MatchPairView[]): boolean {
  if (pair.posted || pair.state !== "defaulted") return false;
  return !pairs.some((p) => p.recipient === pair.recipient && p.state !== "defaulted");
}

export function MatchingPanel({
  exchange,
  matching,
  signups,
}: {
  exchange: ExchangeView;
  matching: MatchingView | undefined;
  signups: SignupView[];
}) {
  const act = useExchangeAction(exchange.collection.name);
  const closed = exchange.signupState === "closed";
  const state = matching?.matchingState ?? exchange.matchingState;
  const pairs = matching?.pairs ?? [];
  const volunteers = signups.filter((s) => s.pinchHitter).map((s) => s.username);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={!closed || state === "sent" || act.isPending}
          onClick={() => act.mutate({ method: "POST", path: "/matching" }, { onError: failed })}
        >
          {state === "done" ? "Run matching again" : "Run matching"}
        </Button>
        <Button
          variant="gradient"
          disabled={state !== "done" || act.isPending}
          onClick={() =>
            act.mutate(
              { method: "POST", path: "/assignments/send" },
              { onSuccess: () => toast({ title: "Assignments sent" }), onError: failed },
            )
          }
        >
          Send assignments
        </Button>
      </div>
      {!closed && <p className="text-sm text-slate-600">Matching can run once sign-ups have closed.</p>}
      {matching && pairs.length > 0 && (
        <p className="text-sm text-slate-700" data-testid="matching-summary">
          {pairs.filter((p) => p.state !== "defaulted").length} pairs · overlap {matching.overlapTotal} ·{" "}
          {matching.unmatched.length} unmatched
        </p>
      )}
      {pairs.length > 0 && (
        <ul className="divide-y divide-brand-100 rounded-xl border border-brand-100" data-testid="matching-pairs">
          {pairs.map((pair) => (
            <li key={pair.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <span className="font-semibold text-ink">{pair.giver}</span> writes for{" "}
                {pair.state === "proposed" ? null : <span className="font-semibold text-ink">{pair.recipient}</span>}
                <span className="ml-2 text-slate-600">
                  overlap {pair.overlap}
                  {pair.pinchHitFor !== null ? " · pinch hit" : ""}
                  {pair.state === "defaulted" ? " · defaulted" : pair.posted ? " · gift posted" : ""}
                </span>
              </div>
              {pair.state === "proposed" && (
                <ChangePair giver={pair.giver} recipient={pair.recipient} signups={signups} act={act} />
              )}
              {needsPinchHit(pair, pairs) && <PinchHit pair={pair} act={act} />}
            </li>
          ))}
        </ul>
      )}
      {matching && matching.unmatched.length > 0 && (
        <div className="space-y-1" data-testid="matching-unmatched">
          <h3 className="font-semibold text-ink">Unmatched</h3>
          <ul className="list-disc pl-6 text-sm text-slate-700">
            {matching.unmatched.map((u) => (
              <li key={u.username} className="space-y-1">
                <span>
                  {u.username}: {u.gives ? "gives" : "gives no gift"}, {u.gets ? "gets one" : "gets none"}
                </span>
                {state === "done" && !u.gives && (
                  <ChangePair giver={u.username} recipient={null} signups={signups} act={act} />
                )}
              </li>
            ))}
          </ul>
          {state === "done" && (
            <p className="text-sm text-slate-600">
              Pick a recipient beside a giver above, or unpair one to free theirs.
            </p>
          )}
        </div>
      )}
      {state === "sent" && volunteers.length > 0 && (
        <p className="text-sm text-slate-600">Pinch hit volunteers: {volunteers.join(", ")}</p>
      )}
    </div>
  );
}
