// /dashboard/upgrade: FicForge Plus's pitch, price and subscribe button; the toast and the wait
// for activation after the hosted checkout; a subscriber sees their plan instead.
import { ArrowLeft, Crown, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { PLUS_NAME } from "../../../shared/schemas/billing";
import { Button } from "../../components/ui/button";
import { useAuth } from "../auth/auth-context";
import { PerkGrid } from "./PerkGrid";
import { PlanCard } from "./PlanCard";
import { useActivation } from "./use-activation";
import { useCheckoutReturn } from "./use-checkout-return";

export function UpgradeView() {
  const { user } = useAuth();
  const returned = useCheckoutReturn();
  const activation = useActivation(returned === "success");
  if (!user) return null;
  const subscribed = user.isPremium;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 p-4 sm:p-6 lg:p-8">
      <Button asChild variant="outline" size="sm">
        <Link href={ROUTES.dashboard}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Dashboard
        </Link>
      </Button>

      <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 p-5 text-white shadow-lg sm:p-8">
        {/* Phones only: beside the plan card it would peek out from behind it or sit under the text. */}
        <Sparkles className="absolute -right-6 -top-6 h-40 w-40 text-white/10 md:hidden" aria-hidden />
        <div className="relative grid items-center gap-6 md:grid-cols-[1fr_minmax(0,20rem)] md:gap-8">
          <div className="space-y-3">
            <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
              <Crown className="h-4 w-4" aria-hidden />
              {PLUS_NAME}
            </p>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
              {subscribed ? "Thanks for being a Plus member" : "Write without limits"}
            </h1>
            <p className="max-w-lg text-white/85">
              {subscribed
                ? "Every perk is yours: unlimited prompts with Marin, mature stories, deeper memory and early features."
                : "Unlimited prompts with Marin, mature stories, deeper character memory and more ways to make every story yours."}
            </p>
          </div>
          <PlanCard user={user} phase={activation.phase} onCheckAgain={activation.checkAgain} />
        </div>
      </section>

      <PerkGrid heading={subscribed ? `Your ${PLUS_NAME} perks` : `What you get with ${PLUS_NAME}`} />
    </div>
  );
}
