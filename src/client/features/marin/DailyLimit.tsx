// The daily limit: the 'Daily Limit Exceeded' overlay inside the chat and the 'Daily AI Limit
// Reached' dialog with its two ways on (a referral link, the upgrade page).
import { Check, Copy, Crown, Gift, Lock } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { toast } from "../../components/ui/toaster";
import { useReferral } from "./queries";

export const LIMIT_OVERLAY_TITLE = "Daily Limit Exceeded";
export const LIMIT_OVERLAY_TEXT =
  "Free accounts have 3 AI prompts per day. Come back tomorrow, or see how to get more right now.";
export const LIMIT_DIALOG_TITLE = "Daily AI Limit Reached";
const COPIED_FOR_MS = 2000;

export function DailyLimitOverlay({ onViewOptions }: { onViewOptions: () => void }) {
  return (
    <div
      className="absolute inset-0 z-10 flex items-center justify-center bg-white/70 p-4 backdrop-blur-[2px]"
      data-testid="marin-limit-overlay"
    >
      <div
        role="alert"
        className="w-full max-w-xs rounded-2xl border border-brand-100 bg-white p-5 text-center shadow-xl"
      >
        <span className="mx-auto mb-3 inline-flex h-11 w-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <Lock className="h-5 w-5" aria-hidden />
        </span>
        <h3 className="font-semibold text-ink">{LIMIT_OVERLAY_TITLE}</h3>
        <p className="mt-1 text-sm text-slate-600">{LIMIT_OVERLAY_TEXT}</p>
        <Button variant="gradient" className="mt-4 w-full" onClick={onViewOptions}>
          View Options
        </Button>
      </div>
    </div>
  );
}

export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function DailyLimitDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const referral = useReferral(open);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const refer = async () => {
    const url = referral.data?.url ?? (await referral.refetch()).data?.url;
    if (url && (await copyToClipboard(url))) setCopied(true);
    else toast({ title: "Failed to copy", description: "Please copy the link manually", variant: "destructive" });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={LIMIT_DIALOG_TITLE}
        description="You've used today's free AI prompts. Pick a way to keep writing with Marin."
      >
        <div className="grid grid-cols-1 gap-3" data-testid="marin-limit-dialog">
          <button
            type="button"
            onClick={() => void refer()}
            className="group flex w-full cursor-pointer items-start gap-3 rounded-xl border border-brand-200 bg-white p-4 text-left transition-colors hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
          >
            <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <Gift className="h-5 w-5" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2 font-semibold text-ink">
                Refer a Friend
                <span
                  className="ml-auto inline-flex items-center gap-1 text-xs font-medium text-brand-700"
                  aria-live="polite"
                >
                  {copied ? (
                    <>
                      <Check className="h-3.5 w-3.5" aria-hidden /> Link copied!
                    </>
                  ) : (
                    <Copy className="h-3.5 w-3.5 text-slate-400 group-hover:text-brand-600" aria-hidden />
                  )}
                </span>
              </span>
              <span className="mt-0.5 block text-sm text-slate-600">Get 3 extra prompts per referral</span>
              {referral.data ? (
                <span className="mt-2 block truncate rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-500">
                  {referral.data.url}
                </span>
              ) : null}
            </span>
          </button>
          <Link
            href={ROUTES.upgrade}
            onClick={() => onOpenChange(false)}
            className="flex items-start gap-3 rounded-xl border border-transparent bg-gradient-to-r from-brand-600 to-pink-600 p-4 text-left text-white shadow-lg shadow-brand-600/25 hover:from-brand-700 hover:to-pink-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2"
          >
            <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white/20">
              <Crown className="h-5 w-5" aria-hidden />
            </span>
            <span>
              <span className="block font-semibold">Upgrade</span>
              <span className="mt-0.5 block text-sm text-white/90">Unlimited AI prompts &amp; premium features</span>
            </span>
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
