// 'Manage Subscription': opens the payment provider's customer portal (card, invoices, cancel).
import { CreditCard } from "lucide-react";
import { Button, type ButtonProps } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useCustomerPortal } from "./queries";

export function ManageSubscriptionButton({
  className,
  variant = "outline",
}: Pick<ButtonProps, "className" | "variant">) {
  const portal = useCustomerPortal();
  return (
    <Button variant={variant} className={className} disabled={portal.busy} onClick={portal.start}>
      {portal.busy ? (
        <Spinner className="h-4 w-4" label="Opening the customer portal" />
      ) : (
        <CreditCard className="h-4 w-4" aria-hidden />
      )}
      Manage Subscription
    </Button>
  );
}
