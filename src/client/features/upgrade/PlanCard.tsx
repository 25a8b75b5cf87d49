// The upgrade page's plan card: the price and the subscribe button, the wait for a fresh subscription to switch on,
// or (for a subscriber) the plan's status and 'Manage Subscription'.
import { AlertTriangle, BadgeCheck, CalendarClock, Hourglass, RefreshCw } from "lucide-react";
import { PREMIUM_PRICE_LABEL } from "../../../shared/limits";
import type { UserView } from "../../../shared/schemas/accounts";
import { PLUS_NAME, PLUS_PRICE_TEXT } from "../../../shared/schemas/billing";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { ManageSubscriptionButton } from "./ManageSubscriptionButton";
import { planSummary } from "./plan-summary";
import { useCheckoutSession } from "./queries";
import type { ActivationPhase } from "./use-activation";

export const ACTIVATING_TEXT = "Activating your subscription…";
export const DELAYED_TEXT =
  "Thanks for subscribing! Your payment provider hasn't confirmed the subscription yet; this can take a minute. " +
  "Your perks switch on by themselves as soon as it does.";

const CARD = "w-full rounded-2xl bg-white p-5 text-ink shadow-xl shadow-brand-900/20 sm:p-6";

export function PlanCard({
  user,
  phase,
  onCheckAgain,
}: {
  user: UserView;
  phase: ActivationPhase;
  onCheckAgain: () => void;
}) {
  if (user.isPremium) return <CurrentPlan user={user} />;
  if (phase === "activating" || phase === "delayed") return <Activation phase={phase} onCheckAgain={onCheckAgain} />;
  return <Subscribe />;
}

function Subscribe() {
  const checkout = useCheckoutSession();
  return (
    <div className={CARD} data-testid="plan-card">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Monthly plan</p>
      <p className="mt-2 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{PREMIUM_PRICE_LABEL}</span>
        <span className="text-slate-500">/ month</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">{PLUS_PRICE_TEXT}</p>
      <Button variant="gradient" size="lg" className="mt-5 w-full" disabled={checkout.busy} onClick={checkout.start}>
        {checkout.busy && <Spinner className="h-4 w-4" label="Creating the checkout" />}
        {checkout.busy ? "Processing..." : "Subscribe"}
      </Button>
      <p className="mt-3 text-center text-xs text-slate-500">
        Secure checkout with our payment provider. Cancel any time in Settings.
      </p>
    </div>
  );
}

function Activation({ phase, onCheckAgain }: { phase: "activating" | "delayed"; onCheckAgain: () => void }) {
  return (
    <div className={CARD} data-testid="plan-card" role="status">
      {phase === "activating" ? (
        <div className="flex items-center gap-3">
          <Spinner className="h-6 w-6 shrink-0 text-brand-600" label="Activating" />
          <div>
            <p className="font-semibold">{ACTIVATING_TEXT}</p>
            <p className="text-sm text-slate-600">This usually takes a few seconds.</p>
          </div>
        </div>
      ) : (
        <>
          <div className="flex items-start gap-3">
            <Hourglass className="mt-0.5 h-6 w-6 shrink-0 text-brand-600" aria-hidden />
            <div>
              <p className="font-semibold">Almost there</p>
              <p className="mt-1 text-sm text-slate-600">{DELAYED_TEXT}</p>
            </div>
          </div>
          <Button variant="outline" className="mt-5 w-full" onClick={onCheckAgain}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            Check again
          </Button>
        </>
      )}
    </div>
  );
}

function CurrentPlan({ user }: { user: UserView }) {
  const summary = planSummary(user);
  return (
    <div className={CARD} data-testid="plan-card">
      <div className="flex items-center gap-2">
        <BadgeCheck className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />
        <p className="font-semibold">You're on {PLUS_NAME}</p>
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-500">Status</dt>
          <dd className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800">{summary.status}</dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-500">Plan</dt>
          <dd className="font-medium">{PREMIUM_PRICE_LABEL} / month</dd>
        </div>
      </dl>
      {summary.dateLine && (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <CalendarClock className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          {summary.dateLine}
        </p>
      )}
      {summary.warning && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {summary.warning}
        </p>
      )}
      <ManageSubscriptionButton className="mt-5 w-full" />
    </div>
  );
}
