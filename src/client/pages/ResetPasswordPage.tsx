// /reset-password?token=: the target of the emailed reset link; a new password with the strength meter.
import { KeyRound, XCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { z } from "zod";
import { ROUTES } from "../../shared/routes";
import { Password } from "../../shared/schemas/accounts";
import { Button } from "../components/ui/button";
import { FormAlert, FormField } from "../components/ui/form-field";
import { Spinner } from "../components/ui/spinner";
import { toast } from "../components/ui/toaster";
import { AuthShell } from "../features/auth/AuthShell";
import { FORM_ERROR, type FieldErrors, serverFieldErrors, validate } from "../features/auth/form-errors";
import { PasswordInput } from "../features/auth/PasswordInput";
import { PasswordStrengthMeter } from "../features/auth/PasswordStrengthMeter";
import { useResetPassword } from "../features/auth/queries";
import { errorMessage } from "../lib/api";

const ResetForm = z
  .object({ password: Password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const [, navigate] = useLocation();
  const [values, setValues] = useState({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: invalid } = validate(ResetForm, values);
    setErrors(invalid ?? {});
    if (!data) return;
    reset.mutate(
      { token, password: data.password },
      {
        onSuccess: (answer) => {
          toast({
            title: "Password updated",
            description: answer.message || "You can now sign in with your new password.",
          });
          navigate(ROUTES.auth, { replace: true });
        },
        onError: (err) => {
          setErrors(serverFieldErrors(err, ["password"]));
          toast({ title: "Password reset failed", description: errorMessage(err), variant: "destructive" });
        },
      },
    );
  };

  if (!token) {
    return (
      <AuthShell>
        <div className="flex flex-col items-center text-center">
          <XCircle className="h-14 w-14 text-red-600" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold text-ink">Invalid reset link</h1>
          <p className="mt-2 text-slate-600">
            This password reset link is incomplete. Request a new one from the login page.
          </p>
          <Button asChild variant="gradient" className="mt-6 w-full">
            <Link href={ROUTES.auth}>Return to Login</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <KeyRound className="h-10 w-10 text-brand-600" aria-hidden />
      <h1 className="mt-3 text-2xl font-bold text-ink">Choose a new password</h1>
      <p className="mt-1 text-sm text-slate-600">This signs you out everywhere; then sign in with your new password.</p>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4" aria-label="Reset password">
        <FormField
          id="reset-password"
          label="New password"
          error={errors.password}
          hint={<PasswordStrengthMeter password={values.password} />}
        >
          <PasswordInput
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          />
        </FormField>
        <FormField id="reset-confirm" label="Confirm new password" error={errors.confirmPassword}>
          <PasswordInput
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => setValues((v) => ({ ...v, confirmPassword: e.target.value }))}
          />
        </FormField>
        <FormAlert message={errors[FORM_ERROR]} />
        <Button type="submit" variant="gradient" className="w-full" disabled={reset.isPending}>
          {reset.isPending && <Spinner className="h-4 w-4" label="Saving" />}
          Reset password
        </Button>
      </form>
    </AuthShell>
  );
}
