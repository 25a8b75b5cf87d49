// What an empty Discover list says (see nsfw-gate.ts for when the upgrade message shows).
import { Crown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";

export function DiscoverEmpty({
  message,
  offerUpgrade,
  children,
}: {
  message: string;
  offerUpgrade: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className="rounded-2xl border-2 border-dashed border-brand-200 bg-brand-50/40 p-8 text-center"
      data-testid="discover-empty"
    >
      <p className="font-medium text-ink">{message}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {offerUpgrade && (
          <Button asChild size="sm" variant="gradient">
            <Link href={ROUTES.upgrade}>
              <Crown className="h-4 w-4" aria-hidden /> See FicForge Plus
            </Link>
          </Button>
        )}
        {children}
      </div>
    </div>
  );
}
