// /email-confirmed: where the verification link lands: verified, already verified, or failed. Opened without the
// server's outcome in the query (a bookmark, a typed address), it says nothing was verified.
import { CheckCircle2, MailQuestion, ShieldCheck, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearch } from "wouter";
import { ROUTES } from "../../shared/routes";
import { Button } from "../components/ui/button";
import { AuthShell } from "../features/auth/AuthShell";
import { ResendVerificationForm } from "../features/auth/ResendVerificationForm";
import { dropUrlFragment, verifiedEmailFromHash, verifiedSignInHref } from "../features/auth/verified-sign-in";

const DISPLAYS = {
  success: {
    icon: CheckCircle2,
    color: "text-green-600",
    title: "Email Verified!",
    text: "Your email address has been verified. You can now sign in and start writing.",
  },
  already: {
    icon: ShieldCheck,
    color: "text-brand-600",
    title: "Already Verified",
    text: "Your email address was already verified. Sign in to continue.",
  },
  error: {
    icon: XCircle,
    color: "text-red-600",
    title: "Verification Failed",
    text: "We couldn't verify your email. The link may be expired or invalid.",
  },
  none: {
    icon: MailQuestion,
    color: "text-slate-500",
    title: "Nothing Verified",
    text: "This page shows the result of an email verification link, and no link was opened. Sign in, or get a new verification link below.",
  },
} as const;

type Kind = keyof typeof DISPLAYS;

/** The outcome the server's verify redirect put in the query (src/server/accounts/verify-email.ts). */
function outcome(params: URLSearchParams): Kind {
  if (params.has("error")) return "error";
  if (params.get("already") === "true") return "already";
  return params.get("verified") === "true" ? "success" : "none";
}

export default function EmailConfirmedPage() {
  const params = new URLSearchParams(useSearch());
  const kind = outcome(params);
  const { icon: Icon, color, title, text } = DISPLAYS[kind];
  // Read once, then dropped from the address bar and history: the page only hands it on to /auth.
  const [email] = useState(() => verifiedEmailFromHash(window.location.hash));
  useEffect(() => {
    if (email) dropUrlFragment();
  }, [email]);
  return (
    <AuthShell>
      <div className="flex flex-col items-center text-center">
        <Icon className={`h-14 w-14 ${color}`} aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
        <Button asChild variant="gradient" className="mt-6 w-full">
          {kind === "error" ? (
            <Link href={ROUTES.auth}>Return to Login</Link>
          ) : kind === "none" ? (
            <Link href={ROUTES.auth}>Sign In</Link>
          ) : (
            // Through /auth: a signed-in user goes straight on to /dashboard, anyone else signs in with the
            // verified email filled in (the dashboard would only bounce them to an empty form).
            <Link href={verifiedSignInHref(email)}>Continue to Dashboard</Link>
          )}
        </Button>
        {kind === "none" && (
          <div className="mt-6 w-full border-t border-brand-100 pt-6">
            <ResendVerificationForm />
          </div>
        )}
      </div>
    </AuthShell>
  );
}
