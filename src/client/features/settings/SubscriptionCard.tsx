// 'Subscription Management' for premium users: the plan's status, whether it renews or ends and when, and the
// payment provider's portal to manage or cancel it.
import type { UserView } from "../../../shared/schemas/accounts";
import { PLUS_NAME } from "../../../shared/schemas/billing";
import { ManageSubscriptionButton } from "../upgrade/ManageSubscriptionButton";
import { planSummary } from "../upgrade/plan-summary";

export function SubscriptionCard({ user }: { user: UserView }) {
  const summary = planSummary(user);
  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="subscription-heading" className="text-lg font-semibold text-ink">
          Subscription Management
        </h2>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
          {summary.status}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        You're on {PLUS_NAME}.{summary.dateLine && ` ${summary.dateLine}.`} Update your card, see invoices or cancel at
        any time.
      </p>
      {summary.warning && <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-800">{summary.warning}</p>}
      <ManageSubscriptionButton className="mt-4" />
    </section>
  );
}
