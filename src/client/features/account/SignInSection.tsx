// How one signs in: the password, the email and the Google link, each with the dialog that changes it.
import { KeyRound, Mail } from "lucide-react";
import { useState } from "react";
import type { UserView } from "../../../shared/schemas/accounts";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { EmailDialog } from "./EmailDialog";
import { PasswordDialog } from "./PasswordDialog";
import { useSignInMethods, useUnlinkGoogle } from "./queries";
import { Row } from "./SecurityRow";

export function SignInSection({ user }: { user: UserView }) {
  const methods = useSignInMethods();
  const unlink = useUnlinkGoogle();
  const [open, setOpen] = useState<"password" | "email" | null>(null);
  const hasPassword = methods.data?.hasPassword ?? user.authProvider !== "google";
  const google = methods.data?.google ?? user.authProvider !== "email";
  return (
    <div>
      <h3 className="text-base font-semibold text-ink">Signing in</h3>
      <Row
        icon={<KeyRound className="h-5 w-5" />}
        title="Password"
        detail={hasPassword ? "Set" : "Not set: you sign in with Google."}
        action={
          <Button variant="outline" size="sm" onClick={() => setOpen("password")}>
            {hasPassword ? "Change password" : "Set a password"}
          </Button>
        }
      />
      <Row
        icon={<Mail className="h-5 w-5" />}
        title="Email"
        detail={user.email}
        action={
          <Button variant="outline" size="sm" onClick={() => setOpen("email")}>
            Change email
          </Button>
        }
      />
      {(google || methods.data?.googleAvailable) && (
        <Row
          icon={<span className="text-sm font-bold">G</span>}
          title="Google"
          detail={
            google
              ? hasPassword
                ? "Linked: you can sign in with Google."
                : "Linked. Set a password before unlinking Google, so you can still sign in."
              : "Not linked."
          }
          action={
            google ? (
              <Button
                variant="outline"
                size="sm"
                disabled={!hasPassword || unlink.isPending}
                onClick={() =>
                  unlink.mutate(undefined, {
                    onSuccess: ({ message }) => toast({ title: "Google unlinked", description: message }),
                    onError: (err) =>
                      toast({
                        title: "Couldn't unlink Google",
                        description: errorMessage(err),
                        variant: "destructive",
                      }),
                  })
                }
              >
                Unlink Google
              </Button>
            ) : (
              <Button asChild variant="outline" size="sm">
                <a href="/api/auth/google?intent=link">Link Google</a>
              </Button>
            )
          }
        />
      )}
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        {open === "password" && <PasswordDialog hasPassword={hasPassword} onClose={() => setOpen(null)} />}
        {open === "email" && <EmailDialog hasPassword={hasPassword} onClose={() => setOpen(null)} />}
      </Dialog>
    </div>
  );
}
