// 'Subscription Management' for premium users: the payment provider's portal manages or cancels the plan.
import type { UserView } from "../../../shared/schemas/accounts";
import { CreditCard } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useCustomerPortal } from "./queries";

export function SubscriptionCard({ user }: { user: UserView }) {
  const portal = useCustomerPortal();
  const renews = user.subscriptionExpiresAt ? new Date(user.subscriptionExpiresAt).toLocaleDateString() : null;
  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="subscription-heading" className="text-lg font-semibold text-ink">
        Subscription Management
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        You're on FicForge Plus{user.subscriptionStatus ? ` (${user.subscriptionStatus})` : ""}.
        {renews ? ` Current period ends ${renews}.` : ""} Update your card, see invoices or cancel at any time.
      </p>
      <Button
        variant="outline"
        className="mt-4"
        disabled={portal.isPending}
        onClick={() =>
          portal.mutate(undefined, {
            onError: (err) =>
              toast({
                title: "Error",
                description: errorMessage(err, "Failed to open the customer portal."),
                variant: "destructive",
              }),
          })
        }
      >
        {portal.isPending ? (
          <Spinner className="h-4 w-4" label="Opening" />
        ) : (
          <CreditCard className="h-4 w-4" aria-hidden />
        )}
        Manage Subscription
      </Button>
    </section>
  );
}
