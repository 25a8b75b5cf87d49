// Settings → Account and security (issue 18 section 3): password, email, Google, signed-in devices, export and
// deletion. Every change that touches how one signs in asks for the current password (or a fresh Google sign-in).
import { Download, KeyRound, Laptop, LogOut, Mail, Smartphone } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Password } from "../../../shared/schemas/accounts";
import type { SessionView } from "../../../shared/schemas/account-life";
import type { UserView } from "../../../shared/schemas/accounts";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { FORM_ERROR, type FieldErrors, serverFieldErrors } from "../auth/form-errors";
import {
  useChangeEmail,
  useChangePassword,
  useEndSession,
  useSessions,
  useSignInMethods,
  useUnlinkGoogle,
} from "./queries";
import { CurrentPasswordField, Row } from "./AccountRow";
import { DeleteSection } from "./DeleteAccount";
import { PendingEmail } from "./PendingEmail";
import { useStartExport } from "./use-start-export";

const card = "rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6";

function PasswordDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const id = useId();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", confirm: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid: FieldErrors = {};
    if (hasPassword && !values.currentPassword) invalid.currentPassword = "Please enter your current password.";
    const strength = Password.safeParse(values.newPassword);
    if (!strength.success) invalid.newPassword = strength.error.issues[0]?.message;
    else if (values.confirm !== values.newPassword) invalid.confirm = "Passwords do not match";
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: ({ message }) => {
          toast({ title: hasPassword ? "Password changed" : "Password set", description: message });
          onClose();
        },
        onError: (err) => setErrors(serverFieldErrors(err, ["currentPassword", "newPassword"])),
      },
    );
  };
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  return (
    <DialogContent
      title={hasPassword ? "Change password" : "Set a password"}
      description={
        hasPassword
          ? "Every other device will be signed out. This one stays signed in."
          : "Then you can sign in with your email and password as well as with Google."
      }
    >
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4"
        aria-label={hasPassword ? "Change password" : "Set a password"}
      >
        {hasPassword && (
          <CurrentPasswordField
            id={`${id}-current`}
            value={values.currentPassword}
            error={errors.currentPassword}
            onChange={set("currentPassword")}
          />
        )}
        <FormField
          id={`${id}-new`}
          label="New password"
          error={errors.newPassword}
          hint={
            <p className="text-xs text-slate-500">
              At least 8 characters, with upper and lower case, a number and one of @$!%*?&
            </p>
          }
        >
          <Input type="password" autoComplete="new-password" value={values.newPassword} onChange={set("newPassword")} />
        </FormField>
        <FormField id={`${id}-confirm`} label="Confirm new password" error={errors.confirm}>
          <Input type="password" autoComplete="new-password" value={values.confirm} onChange={set("confirm")} />
        </FormField>
        <FormAlert message={errors[FORM_ERROR]} />
        <Button type="submit" className="w-full" disabled={change.isPending}>
          {change.isPending && <Spinner />}
          {hasPassword ? "Change password" : "Set password"}
        </Button>
      </form>
    </DialogContent>
  );
}

function EmailDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const id = useId();
  const [values, setValues] = useState({ newEmail: "", currentPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangeEmail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid: FieldErrors = {};
    if (!values.newEmail.trim()) invalid.newEmail = "Please enter the new email address.";
    if (hasPassword && !values.currentPassword) invalid.currentPassword = "Please enter your current password.";
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    change.mutate(values, {
      onSuccess: ({ message }) => {
        toast({ title: "Check your inbox", description: message });
        onClose();
      },
      onError: (err) => setErrors(serverFieldErrors(err, ["newEmail", "currentPassword"])),
    });
  };
  return (
    <DialogContent
      title="Change email"
      description="We'll send a link to the new address. Your email changes only when you open it."
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Change email">
        <FormField id={`${id}-email`} label="New email address" error={errors.newEmail}>
          <Input
            type="email"
            autoComplete="email"
            value={values.newEmail}
            onChange={(e) => setValues((v) => ({ ...v, newEmail: e.target.value }))}
          />
        </FormField>
        {hasPassword && (
          <CurrentPasswordField
            id={`${id}-current`}
            value={values.currentPassword}
            error={errors.currentPassword}
            onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))}
          />
        )}
        <FormAlert message={errors[FORM_ERROR]} />
        <Button type="submit" className="w-full" disabled={change.isPending}>
          {change.isPending && <Spinner />}
          Send confirmation link
        </Button>
      </form>
    </DialogContent>
  );
}

function SignInSection({ user }: { user: UserView }) {
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
        detail={
          <>
            {user.email}
            <PendingEmail pending={methods.data?.pendingEmail} />
          </>
        }
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

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function deviceIcon(session: SessionView) {
  return /iOS|Android/i.test(session.system) ? <Smartphone className="h-5 w-5" /> : <Laptop className="h-5 w-5" />;
}

function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;
  const fail = (err: Error) =>
    toast({ title: "Couldn't sign out", description: errorMessage(err), variant: "destructive" });
  return (
    <div className="mt-6">
      <h3 className="text-base font-semibold text-ink">Where you're signed in</h3>
      {sessions.isPending && <Spinner />}
      <ul aria-label="Signed-in devices">
        {items.map((session) => (
          <li key={session.id}>
            <Row
              icon={deviceIcon(session)}
              title={`${session.browser} on ${session.system}`}
              detail={session.current ? "This device" : `Last seen ${when(session.lastSeenAt)}`}
              action={
                session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={end.isPending}
                    aria-label={`Sign out ${session.browser} on ${session.system}`}
                    onClick={() => end.mutate(session.id, { onError: fail })}
                  >
                    Sign out
                  </Button>
                )
              }
            />
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Button
          variant="outline"
          className="mt-2 w-full sm:w-auto"
          disabled={end.isPending}
          onClick={() =>
            end.mutate("others", {
              onSuccess: () => toast({ title: "Signed out", description: "Every other device has been signed out." }),
              onError: fail,
            })
          }
        >
          <LogOut className="h-4 w-4" aria-hidden />
          Sign out of all other devices
        </Button>
      )}
    </div>
  );
}

function ExportSection() {
  const { next, busy, start } = useStartExport();
  return (
    <div className="mt-6">
      <h3 className="text-base font-semibold text-ink">Your data</h3>
      <Row
        icon={<Download className="h-5 w-5" />}
        title="Export my data"
        detail={
          next
            ? `You can export your data once an hour. Your next export is possible at ${new Date(next).toLocaleTimeString(undefined, { timeStyle: "short" })}.`
            : "A zip with your profile and settings, every story as HTML and EPUB with your chats with Marin, and your comments, bookmarks, likes, follows and notifications."
        }
        action={
          <Button variant="outline" size="sm" disabled={Boolean(next) || busy} onClick={() => void start()}>
            Download my data
          </Button>
        }
      />
    </div>
  );
}

export function AccountSecurity({ user }: { user: UserView }) {
  return (
    <section aria-labelledby="account-security-heading" className={card}>
      <h2 id="account-security-heading" className="mb-4 text-lg font-semibold text-ink">
        Account and security
      </h2>
      <SignInSection user={user} />
      <SessionsSection />
      <ExportSection />
      <DeleteSection user={user} />
    </section>
  );
}
