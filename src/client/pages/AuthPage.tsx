// /auth: Login and Sign Up tabs. A signed-in user goes straight to the dashboard.
import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Redirect, useSearch } from "wouter";
import { ROUTES } from "../../shared/routes";
import { suspendedMessage } from "../../shared/suspension";
import { FullPageSpinner } from "../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { useAuth } from "../features/auth/auth-context";
import { AuthShell } from "../features/auth/AuthShell";
import { LoginForm } from "../features/auth/LoginForm";
import { SignUpForm } from "../features/auth/SignUpForm";
import { dropUrlFragment, readVerifiedSignIn } from "../features/auth/verified-sign-in";

const ERRORS: Record<string, string> = {
  oauth_sync_failed: "We couldn't complete your Google sign-in. Please try again, or sign in with your email.",
};

/** The message for `?error=`: a suspension names its end date from `until` (issue 18, Google sign-in). */
function errorMessage(code: string, params: URLSearchParams): string {
  if (code === "account_suspended") {
    const until = new Date(params.get("until") ?? "");
    return Number.isNaN(until.getTime())
      ? "This account is suspended for breaking the community rules."
      : suspendedMessage(until);
  }
  return ERRORS[code] ?? "Something went wrong while signing you in. Please try again.";
}

/**
 * `?next=`: where a sign-in started from a server page (a members-only work's 'Sign in to read') returns. Only a path
 * on this site (one leading slash, no scheme or host), so the link cannot send anyone elsewhere.
 */
export function safeNext(value: string | null): string | null {
  return value && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 2048 ? value : null;
}

const VERIFIED_NOTICE = "Your email is verified. Sign in to continue.";

type Tab = "login" | "signup";

export default function AuthPage() {
  const { user, isLoading } = useAuth();
  const params = new URLSearchParams(useSearch());
  const errorCode = params.get("error");
  // Read once: arriving from 'Email Verified!' fills in the address and says it is verified.
  const [verified] = useState(() => readVerifiedSignIn(window.location.hash));
  const [tab, setTab] = useState<Tab>(
    !verified && (params.get("tab") === "signup" || params.has("ref")) ? "signup" : "login",
  );
  const [loginEmail, setLoginEmail] = useState(verified?.email ?? "");

  useEffect(() => {
    if (verified) dropUrlFragment();
  }, [verified]);

  const next = safeNext(params.get("next"));
  useEffect(() => {
    // NOTE: a full load: the page it returns to is the server's, not one of the app's routes.
    if (user && next) window.location.replace(next);
  }, [user, next]);

  if (isLoading || (user && next)) return <FullPageSpinner />;
  if (user) return <Redirect to={ROUTES.dashboard} replace />;

  return (
    <AuthShell sidePanel>
      <h1 className="text-2xl font-bold text-ink">
        {tab === "signup" ? "Create your account" : verified ? "Welcome to FicForge" : "Welcome back"}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {tab === "signup"
          ? "Start writing fan fiction with Marin in seconds."
          : verified
            ? "Sign in to start writing your stories."
            : "Sign in to keep writing your stories."}
      </p>
      {verified && tab === "login" && (
        <p role="status" className="mt-4 flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-800">
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {VERIFIED_NOTICE}
        </p>
      )}
      {errorCode && (
        <p role="alert" className="mt-4 flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {errorMessage(errorCode, params)}
        </p>
      )}
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="mt-6">
        <TabsList>
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <LoginForm email={loginEmail} onEmailChange={setLoginEmail} />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm
            onRegistered={(email) => {
              setLoginEmail(email);
              setTab("login");
            }}
          />
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}
