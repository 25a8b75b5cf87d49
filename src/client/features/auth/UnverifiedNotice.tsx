// A 403 EMAIL_NOT_VERIFIED on login: the server's message and a way to get a fresh verification email.
import { MailWarning } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useResendVerification } from "./queries";

export function UnverifiedNotice({ message, email }: { message: string; email: string }) {
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(
      { email },
      {
        onSuccess: (answer) =>
          toast({
            title: "Verification email sent",
            description: answer.message || "Please check your inbox for the verification link.",
          }),
        onError: (err) =>
          toast({ title: "Could not resend email", description: errorMessage(err), variant: "destructive" }),
      },
    );
  return (
    <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="flex items-start gap-2">
        <MailWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {message}
      </p>
      <Button
        variant="outline"
        size="sm"
        className="mt-3 border-amber-300 bg-white"
        onClick={onResend}
        disabled={resend.isPending || resend.isSuccess}
      >
        {resend.isPending && <Spinner className="h-4 w-4" label="Sending" />}
        {resend.isSuccess ? "Verification email sent" : "Resend verification email"}
      </Button>
    </div>
  );
}
