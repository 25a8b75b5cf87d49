// Settings → Account and security (issue 18 section 3): password, email, Google, signed-in devices, export and
// deletion. Every change that touches how one signs in asks for the current password (or a fresh Google sign-in).
import { useQueryClient } from "@tanstack/react-query";
import { Download, KeyRound, Laptop, LogOut, Mail, Smartphone, Trash2 } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useLocation } from "wouter";
import { Password } from "../../../shared/schemas/accounts";
import type { SessionView } from "../../../shared/schemas/account-life";
import type { UserView } from "../../../shared/schemas/accounts";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { FORM_ERROR, type FieldErrors, serverFieldErrors } from "../auth/form-errors";
import {
  useChangeEmail,
  useChangePassword,
  useDeleteAccount,
  useEndSession,
  useExportStatus,
  useSessions,
  useSignInMethods,
  useUnlinkGoogle,
} from "./queries";

const card = "rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6";

function Row({
  icon,
  title,
  detail,
  action,
}: {
  icon: ReactNode;
  title: string;
  detail: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-brand-50 py-4 first:border-t-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 text-brand-600" aria-hidden>
          {icon}
        </span>
        <div className="min-w-0">
          <p className="font-medium text-ink">{title}</p>
          <div className="break-words text-sm text-slate-600">{detail}</div>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 pl-8 sm:pl-0">{action}</div>
    </div>
  );
}

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
          <FormField id={`${id}-current`} label="Current password" error={errors.currentPassword}>
            <Input
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set("currentPassword")}
            />
          </FormField>
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
          <FormField id={`${id}-current`} label="Current password" error={errors.currentPassword}>
            <Input
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))}
            />
          </FormField>
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
  const status = useExportStatus();
  const queryClient = useQueryClient();
  const next = status.data?.nextExportAt;
  const start = async () => {
    const fresh = await status.refetch();
    if (fresh.data?.nextExportAt) return;
    // A plain navigation: the browser downloads the zip as it streams (Content-Disposition: attachment).
    window.location.assign("/api/account/export");
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.exportStatus }), 2000);
  };
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
          <Button
            variant="outline"
            size="sm"
            disabled={Boolean(next) || status.isFetching}
            onClick={() => void start()}
          >
            Download my data
          </Button>
        }
      />
    </div>
  );
}

function DeleteDialog({ user, hasPassword }: { user: UserView; hasPassword: boolean }) {
  const id = useId();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ username: "", currentPassword: "", stories: "orphan" as "orphan" | "delete" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const remove = useDeleteAccount();
  const matches = values.username.trim().toLowerCase() === user.username.toLowerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) {
      setErrors({ username: "The username you typed doesn't match your account." });
      return;
    }
    remove.mutate(values, {
      onSuccess: () => {
        queryClient.clear();
        queryClient.setQueryData(queryKeys.user, null);
        navigate(ROUTES.landing);
        toast({
          title: "Account deleted",
          description: "Your account and its data were deleted. Goodbye, and thank you.",
        });
      },
      onError: (err) => setErrors(serverFieldErrors(err, ["username", "currentPassword"])),
    });
  };
  return (
    <DialogContent
      title="Delete your account"
      description="This can't be undone. Your profile, drafts, bookmarks, likes, follows, notifications and images are deleted. Your comments stay, shown as '[deleted user]'."
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Delete account">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">Your published stories</legend>
          {(
            [
              [
                "orphan",
                "Keep them online without my name",
                "They move to the anonymous 'orphan_account', so readers keep them.",
              ],
              ["delete", "Delete them", "They disappear with their comments and likes."],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="flex cursor-pointer items-start gap-3 rounded-lg border border-brand-100 p-3">
              <input
                type="radio"
                name={`${id}-stories`}
                value={value}
                className="mt-1 accent-brand-600"
                checked={values.stories === value}
                onChange={() => setValues((v) => ({ ...v, stories: value }))}
              />
              <span className="text-sm">
                <span className="block font-medium text-ink">{label}</span>
                <span className="text-slate-600">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormField
          id={`${id}-username`}
          label={
            <>
              Type your username, <strong>{user.username}</strong>, to confirm
            </>
          }
          error={errors.username}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            value={values.username}
            onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
          />
        </FormField>
        {hasPassword && (
          <FormField id={`${id}-password`} label="Current password" error={errors.currentPassword}>
            <Input
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))}
            />
          </FormField>
        )}
        {user.isPremium && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Your FicForge Plus subscription will be cancelled first, with no further charge.
          </p>
        )}
        <FormAlert message={errors[FORM_ERROR]} />
        <Button type="submit" variant="destructive" className="w-full" disabled={!matches || remove.isPending}>
          {remove.isPending && <Spinner />}
          Delete my account
        </Button>
      </form>
    </DialogContent>
  );
}

function DeleteSection({ user }: { user: UserView }) {
  const methods = useSignInMethods();
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-6">
      <h3 className="text-base font-semibold text-red-700">Danger zone</h3>
      <Row
        icon={<Trash2 className="h-5 w-5 text-red-600" />}
        title="Delete account"
        detail="Delete your account and your data for good. Your username becomes free again after 30 days."
        action={
          <Button variant="destructive" size="sm" onClick={() => setOpen(true)}>
            Delete account
          </Button>
        }
      />
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <DeleteDialog user={user} hasPassword={methods.data?.hasPassword ?? user.authProvider !== "google"} />}
      </Dialog>
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
