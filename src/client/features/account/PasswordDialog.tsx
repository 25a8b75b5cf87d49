// Change (or, for a Google-only account, set) the password; every other device is signed out after a change.
import { type FormEvent, useId, useState } from "react";
import { Password } from "../../../shared/schemas/accounts";
import { Button } from "../../components/ui/button";
import { DialogContent } from "../../components/ui/dialog";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { FORM_ERROR, type FieldErrors, serverFieldErrors } from "../auth/form-errors";
import { useChangePassword } from "./queries";

export function PasswordDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
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
