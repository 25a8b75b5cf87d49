// Settings' 'Co-creators' (issue 30): whether others may invite the user to co-create a work. Off, an invitation is
// refused with a message saying so. Saved on change, with a confirmation.
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useCoCreatorInvitesSetting, useSaveCoCreatorInvites } from "./queries";

export const ALLOW_INVITES_LABEL = "Allow co-creator invitations";

export function CoCreatorInvitesCard() {
  const setting = useCoCreatorInvitesSetting();
  const save = useSaveCoCreatorInvites();
  const allow = save.isPending ? (save.variables?.allow ?? true) : (setting.data?.allow ?? true);
  return (
    <section
      aria-labelledby="co-creator-invites-heading"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
      data-testid="co-creator-invites"
    >
      <h2 id="co-creator-invites-heading" className="text-lg font-semibold text-ink">
        Co-creators
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Other writers can invite you to co-create a work. You are only named on a work once you accept.
      </p>
      {setting.isError && <p className="mt-3 text-sm text-red-700">Couldn't load this setting.</p>}
      <label className="mt-4 flex cursor-pointer items-center gap-3 text-sm font-medium text-ink">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={allow}
          disabled={setting.isPending || save.isPending}
          onChange={(event) =>
            save.mutate(
              { allow: event.target.checked },
              {
                onSuccess: (saved) =>
                  toast({
                    title: saved.allow ? "Co-creator invitations allowed" : "Co-creator invitations turned off",
                  }),
                onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
              },
            )
          }
        />
        {ALLOW_INVITES_LABEL}
      </label>
    </section>
  );
}
