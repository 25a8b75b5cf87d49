// Settings' 'Danger zone': deleting the account, after suggesting an export of everything first, with Cancel.
import { useQueryClient } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useLocation } from "wouter";
import { ROUTES } from "../../../shared/routes";
import type { UserView } from "../../../shared/schemas/accounts";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../components/ui/dialog";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { queryKeys } from "../../lib/query-keys";
import { FORM_ERROR, type FieldErrors, serverFieldErrors } from "../auth/form-errors";
import { CurrentPasswordField, Row } from "./AccountRow";
import { useDeleteAccount, useSignInMethods } from "./queries";
import { useStartExport } from "./use-start-export";

/** Deleting cannot be undone: the dialog offers the export first, so nothing is lost by not thinking of it. */
function ExportFirst() {
  const { next, busy, start } = useStartExport();
  return (
    <div className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm" data-testid="delete-export-first">
      <p className="text-ink">
        <strong>Export your data first?</strong> A zip with your profile, every story as HTML and EPUB, your chats with
        Marin, comments and bookmarks.
      </p>
      {next ? (
        <p className="mt-1 text-slate-600">
          You exported recently. Your next export is possible at{" "}
          {new Date(next).toLocaleTimeString(undefined, { timeStyle: "short" })}.
        </p>
      ) : (
        <Button type="button" variant="outline" size="sm" className="mt-2" disabled={busy} onClick={() => void start()}>
          <Download className="h-4 w-4" aria-hidden />
          Download my data
        </Button>
      )}
    </div>
  );
}

export function DeleteDialog({ user, hasPassword }: { user: UserView; hasPassword: boolean }) {
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
        <ExportFirst />
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
          <CurrentPasswordField
            id={`${id}-password`}
            value={values.currentPassword}
            error={errors.currentPassword}
            onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))}
          />
        )}
        {user.isPremium && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Your FicForge Plus subscription will be cancelled first, with no further charge.
          </p>
        )}
        <FormAlert message={errors[FORM_ERROR]} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
            {remove.isPending && <Spinner />}
            Delete my account
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

export function DeleteSection({ user }: { user: UserView }) {
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
