// Change the email: the change happens only when the link sent to the new address is opened.
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { DialogContent } from "../../components/ui/dialog";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { FORM_ERROR, type FieldErrors, serverFieldErrors } from "../auth/form-errors";
import { useChangeEmail } from "./queries";

export function EmailDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
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
