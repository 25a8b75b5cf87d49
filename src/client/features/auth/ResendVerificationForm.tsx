// A new verification link for an address the visitor types in; the server answers the same for any address.
import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ResendVerificationBody } from "../../../shared/schemas/accounts";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { FORM_ERROR, serverFieldErrors } from "./form-errors";
import { useResendVerification } from "./queries";

const SENT_FALLBACK = "Please check your inbox for the verification link.";

export function ResendVerificationForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const resend = useResendVerification();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ResendVerificationBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    resend.mutate(parsed.data, {
      onSuccess: (answer) => setSent(answer.message || SENT_FALLBACK),
      onError: (err) => {
        const errors = serverFieldErrors(err, ["email"]);
        setError(errors.email ?? errors[FORM_ERROR]);
      },
    });
  };

  if (sent) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-lg bg-green-50 p-3 text-left text-sm text-green-800">
        <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {sent}
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3 text-left">
      <FormField id="resend-email" label="Email" error={error}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <Button type="submit" variant="outline" className="w-full" disabled={resend.isPending}>
        {resend.isPending && <Spinner className="h-4 w-4" label="Sending" />}
        Resend verification email
      </Button>
    </form>
  );
}
