// /email-change: where the email-change link (sent to the new address) and its undo link (sent to the old one)
// land, with the server's outcome in the query (src/server/accounts/change-email.ts).
import { CheckCircle2, RotateCcw, XCircle } from "lucide-react";
import { Link, useSearch } from "wouter";
import { ROUTES } from "../../shared/routes";
import { Button } from "../components/ui/button";
import { AuthShell } from "../features/auth/AuthShell";

const DISPLAYS = {
  confirmed: {
    icon: CheckCircle2,
    color: "text-green-600",
    title: "Email changed",
    text: "Your account now uses this address. We told your old address, in case it wasn't you.",
  },
  undone: {
    icon: RotateCcw,
    color: "text-brand-600",
    title: "Change undone",
    text: "Your old email address is back, and every device was signed out. Sign in again, and change your password if someone else knew it.",
  },
  "in-use": {
    icon: XCircle,
    color: "text-red-600",
    title: "Address not available",
    text: "That email address can't be used for your account any more. Your email was not changed; you can choose another one in Settings.",
  },
  invalid: {
    icon: XCircle,
    color: "text-red-600",
    title: "Link no longer works",
    text: "This link has already been used or has expired. Links to confirm a new email work once, for 24 hours; links to undo a change work once, for 7 days. Your email was not changed.",
  },
} as const;

type Status = keyof typeof DISPLAYS;

export default function EmailChangePage() {
  const raw = new URLSearchParams(useSearch()).get("status");
  const status: Status = raw && raw in DISPLAYS ? (raw as Status) : "invalid";
  const { icon: Icon, color, title, text } = DISPLAYS[status];
  return (
    <AuthShell>
      <div className="flex flex-col items-center text-center">
        <Icon className={`h-14 w-14 ${color}`} aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
        <Button asChild variant="gradient" className="mt-6 w-full">
          {status === "undone" ? (
            <Link href={ROUTES.auth}>Sign in</Link>
          ) : (
            <Link href={ROUTES.settings}>Go to Settings</Link>
          )}
        </Button>
      </div>
    </AuthShell>
  );
}
