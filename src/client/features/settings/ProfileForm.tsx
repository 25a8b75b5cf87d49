// 'Public profile': inputs capped at 15 and 240 characters; the stricter profile schema (3–10, 280) decides on
// save, for the username only when it changes (a 15-character sign-up name must not block saving a description).
import { type FormEvent, useState } from "react";
import { PROFILE_DESCRIPTION_INPUT_MAX, PROFILE_USERNAME_INPUT_MAX } from "../../../shared/limits";
import { profileUpdateFor, type UserView } from "../../../shared/schemas/accounts";
import { Button } from "../../components/ui/button";
import { CharCount } from "../../components/ui/char-count";
import { FormAlert, FormField } from "../../components/ui/form-field";
import { Input, Textarea } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { avatarInitial } from "../auth/avatar";
import { FORM_ERROR, type FieldErrors, serverFieldErrors, validate } from "../auth/form-errors";
import { useUpdateProfile } from "./queries";

export function ProfileForm({ user }: { user: UserView }) {
  const [values, setValues] = useState({ username: user.username, description: user.description ?? "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: invalid } = validate(profileUpdateFor(user.username), values);
    setErrors(invalid ?? {});
    if (!data) return;
    update.mutate(data, {
      onSuccess: () => toast({ title: "Profile updated", description: "Your profile has been saved." }),
      onError: (err) => {
        setErrors(serverFieldErrors(err, ["username", "description"]));
        toast({
          title: "Error updating profile",
          description: errorMessage(err, "Failed to update profile."),
          variant: "destructive",
        });
      },
    });
  };

  return (
    <section
      aria-labelledby="profile-heading"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="profile-heading" className="text-lg font-semibold text-ink">
        Public profile
      </h2>
      <div className="mt-5 flex items-center gap-4">
        <span
          aria-hidden
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-pink-600 text-2xl font-bold text-white"
        >
          {avatarInitial(values.username || user.username)}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{user.username}</p>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="mt-6 space-y-5" aria-label="Public profile">
        <FormField
          id="profile-username"
          label="Username"
          error={errors.username}
          counter={<CharCount value={values.username} max={PROFILE_USERNAME_INPUT_MAX} />}
        >
          <Input
            autoComplete="username"
            maxLength={PROFILE_USERNAME_INPUT_MAX}
            value={values.username}
            onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
          />
        </FormField>
        <FormField
          id="profile-description"
          label="Description"
          error={errors.description}
          counter={<CharCount value={values.description} max={PROFILE_DESCRIPTION_INPUT_MAX} />}
        >
          <Textarea
            rows={4}
            placeholder="Tell us about yourself"
            maxLength={PROFILE_DESCRIPTION_INPUT_MAX}
            value={values.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          />
        </FormField>
        <FormAlert message={errors[FORM_ERROR]} />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner className="h-4 w-4" label="Saving" />}
          Save Changes
        </Button>
      </form>
    </section>
  );
}
