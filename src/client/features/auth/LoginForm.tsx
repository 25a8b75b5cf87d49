// The Login tab: email, password, 'Forgot password', Sign in; an unverified account gets a resend action.
import { type FormEvent, useState } from "react";
import { LoginBody } from "../../../shared/schemas/accounts";
import { Button } from "../../components/ui/button";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { ApiError, errorMessage } from "../../lib/api";
import { SuspendedAppeal } from "../moderation/SuspendedAppeal";
import { useAuth } from "./auth-context";
import { ForgotPasswordDialog } from "./ForgotPasswordDialog";
import { FORM_ERROR, type FieldErrors, serverFieldErrors, validate } from "./form-errors";
import { GoogleButton } from "./GoogleButton";
import { PasswordInput } from "./PasswordInput";
import { UnverifiedNotice } from "./UnverifiedNotice";

export function LoginForm({ email, onEmailChange }: { email: string; onEmailChange: (email: string) => void }) {
  const { loginMutation } = useAuth();
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [unverified, setUnverified] = useState<{ message: string; email: string }>();
  const [forgotOpen, setForgotOpen] = useState(false);
  // Issue 18: a suspended account's refusal carries a token to appeal with (it cannot sign in to do it).
  const [appealToken, setAppealToken] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: invalid } = validate(LoginBody, { email, password });
    setErrors(invalid ?? {});
    setUnverified(undefined);
    setAppealToken(undefined);
    if (!data) return;
    loginMutation.mutate(data, {
      onError: (err) => {
        // An unverified account gets its own notice with a resend button instead of the form's message.
        if (err instanceof ApiError && err.status === 403 && err.data.code === "EMAIL_NOT_VERIFIED") {
          setUnverified({ message: errorMessage(err), email: data.email });
          return;
        }
        if (
          err instanceof ApiError &&
          err.data.code === "ACCOUNT_SUSPENDED" &&
          typeof err.data.appealToken === "string"
        ) {
          setAppealToken(err.data.appealToken);
        }
        setErrors(serverFieldErrors(err, ["email", "password"]));
      },
    });
  };

  return (
    <div>
      <GoogleButton label="Sign in with Google" />
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Login">
        <FormField id="login-email" label="Email" error={errors.email}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => onEmailChange(e.target.value)}
          />
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password}>
          <PasswordInput
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <div className="flex justify-end">
          <button
            type="button"
            className="cursor-pointer text-sm font-medium text-brand-700 hover:underline"
            onClick={() => setForgotOpen(true)}
          >
            Forgot password
          </button>
        </div>
        {unverified && <UnverifiedNotice message={unverified.message} email={unverified.email} />}
        <FormAlert message={errors[FORM_ERROR]} />
        {appealToken && <SuspendedAppeal token={appealToken} />}
        <Button type="submit" variant="gradient" className="w-full" disabled={loginMutation.isPending}>
          {loginMutation.isPending && <Spinner className="h-4 w-4" label="Signing in" />}
          Sign in
        </Button>
      </form>
      {forgotOpen && <ForgotPasswordDialog onClose={() => setForgotOpen(false)} initialEmail={email} />}
    </div>
  );
}
