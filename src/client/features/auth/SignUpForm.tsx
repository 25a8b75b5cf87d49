// The Sign Up tab: email, username x/15, description x/240, password with its strength meter, confirm, Create account.
import { type FormEvent, useState } from "react";
import { DESCRIPTION_MAX, USERNAME_MAX } from "../../../shared/limits";
import { RegisterForm } from "../../../shared/schemas/accounts";
import { Button } from "../../components/ui/button";
import { CharCount } from "../../components/ui/char-count";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { Input, Textarea } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "./auth-context";
import { FORM_ERROR, type FieldErrors, serverFieldErrors, validate } from "./form-errors";
import { GoogleButton } from "./GoogleButton";
import { PasswordInput } from "./PasswordInput";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter";

const EMPTY = { email: "", username: "", description: "", password: "", confirmPassword: "" };
const SHOWN_FIELDS = Object.keys(EMPTY);

/** A referral code from a shared sign-up link (?ref=...), passed on to the server. */
function referralCode(): string | undefined {
  const ref = new URLSearchParams(window.location.search).get("ref");
  return ref ? ref.slice(0, 64) : undefined;
}

export function SignUpForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { registerMutation } = useAuth();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: invalid } = validate(RegisterForm, values);
    setErrors(invalid ?? {});
    if (!data) return;
    // confirmPassword is removed before sending; an empty description is simply not sent.
    const { confirmPassword: _confirm, description, ...rest } = data;
    const body = {
      ...rest,
      ...(description ? { description } : {}),
      ...(referralCode() ? { ref: referralCode() } : {}),
    };
    registerMutation.mutate(body, {
      onSuccess: () => {
        setValues(EMPTY);
        onRegistered(data.email);
      },
      onError: (err) => setErrors(serverFieldErrors(err, SHOWN_FIELDS)),
    });
  };

  return (
    <div>
      <GoogleButton label="Sign up with Google" />
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Sign Up">
        <FormField id="signup-email" label="Email" error={errors.email}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={values.email}
            onChange={set("email")}
          />
        </FormField>
        <FormField
          id="signup-username"
          label="Username"
          error={errors.username}
          counter={<CharCount value={values.username} max={USERNAME_MAX} />}
        >
          <Input
            autoComplete="username"
            placeholder="your_name"
            maxLength={USERNAME_MAX}
            value={values.username}
            onChange={set("username")}
          />
        </FormField>
        <FormField
          id="signup-description"
          label={
            <>
              Description <span className="font-normal text-slate-500">(optional)</span>
            </>
          }
          error={errors.description}
          counter={<CharCount value={values.description} max={DESCRIPTION_MAX} />}
        >
          <Textarea
            rows={3}
            placeholder="Tell other fans what you love to read and write"
            maxLength={DESCRIPTION_MAX}
            value={values.description}
            onChange={set("description")}
          />
        </FormField>
        <FormField
          id="signup-password"
          label="Password"
          error={errors.password}
          hint={<PasswordStrengthMeter password={values.password} />}
        >
          <PasswordInput autoComplete="new-password" value={values.password} onChange={set("password")} />
        </FormField>
        <FormField id="signup-confirm" label="Confirm password" error={errors.confirmPassword}>
          <PasswordInput autoComplete="new-password" value={values.confirmPassword} onChange={set("confirmPassword")} />
        </FormField>
        <FormAlert message={errors[FORM_ERROR]} />
        <Button type="submit" variant="gradient" className="w-full" disabled={registerMutation.isPending}>
          {registerMutation.isPending && <Spinner className="h-4 w-4" label="Creating account" />}
          Create account
        </Button>
      </form>
    </div>
  );
}
