// 'Forgot password': the link would otherwise lead nowhere; it asks for the email and the server mails a reset link.
import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ForgotPasswordBody } from "../../../shared/schemas/accounts";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { FORM_ERROR, serverFieldErrors } from "./form-errors";
import { useForgotPassword } from "./queries";

const SENT_FALLBACK = "If an account exists for that email, we've sent a link to reset your password.";

/** Mounted only while open, so each opening starts from the email typed in the login form. */
export function ForgotPasswordDialog({ onClose, initialEmail }: { onClose: () => void; initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const forgot = useForgotPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ForgotPasswordBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    forgot.mutate(parsed.data, {
      onSuccess: (answer) => setSent(answer.message || SENT_FALLBACK),
      onError: (err) => {
        // The form has one field: whatever went wrong (a bad address, a rate limit) is said under it.
        const errors = serverFieldErrors(err, ["email"]);
        setError(errors.email ?? errors[FORM_ERROR]);
        toast({ title: "Could not send reset link", description: errorMessage(err), variant: "destructive" });
      },
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Reset your password"
        description="Enter the email you signed up with and we'll send you a link to choose a new password."
        className="max-w-md"
      >
        {sent ? (
          <div className="space-y-4">
            <p className="flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-800" role="status">
              <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {sent}
            </p>
            <Button className="w-full" onClick={onClose}>
              Back to sign in
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <FormField id="forgot-email" label="Email" error={error}>
              <Input
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </FormField>
            <Button type="submit" className="w-full" disabled={forgot.isPending}>
              {forgot.isPending && <Spinner className="h-4 w-4" label="Sending" />}
              Send reset link
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
