// Settings → 'Notification emails': as they happen (at most one an hour) or a daily digest at 08:00 in the browser's
// time zone; turned off by an unsubscribe link and back on here.
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import type { EmailCadence, EmailSettingsView } from "../../../shared/schemas/email-settings";
import { errorMessage } from "../../lib/api";
import { browserTimeZone, useEmailSettingsQuery, useSaveEmailSettings } from "./queries";

const CHOICES: { value: EmailCadence; label: string; hint: (view: EmailSettingsView) => string }[] = [
  { value: "hourly", label: "As they happen", hint: () => "The first one at once, then at most one email an hour." },
  {
    value: "daily",
    label: "Daily digest",
    hint: (view) => `One email each morning at ${String(view.digestHour).padStart(2, "0")}:00 (${view.timeZone}).`,
  },
];

export function EmailDeliveryCard() {
  const { data: view } = useEmailSettingsQuery();
  const save = useSaveEmailSettings();
  if (!view) return null;

  const change = (next: Partial<Pick<EmailSettingsView, "cadence" | "emailOn">>, title: string) =>
    save.mutate(
      { cadence: view.cadence, emailOn: view.emailOn, ...next, timeZone: browserTimeZone() },
      {
        onSuccess: () => toast({ title }),
        onError: (error) =>
          toast({ title: "Could not save", description: errorMessage(error), variant: "destructive" }),
      },
    );

  return (
    <section
      aria-labelledby="email-delivery-heading"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="email-delivery-heading" className="text-lg font-semibold text-ink">
        Notification emails
      </h2>
      {!view.emailVerified && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
          Verify your email address to get notification emails.
        </p>
      )}
      {view.emailOn ? (
        <>
          <fieldset className="mt-3 space-y-2" disabled={save.isPending}>
            <legend className="text-sm text-slate-600">How often should we email you?</legend>
            {CHOICES.map((choice) => (
              <label
                key={choice.value}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-brand-100 p-3 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="email-cadence"
                  value={choice.value}
                  checked={view.cadence === choice.value}
                  onChange={() => change({ cadence: choice.value }, "Email settings saved")}
                  className="mt-1 accent-brand-600"
                />
                <span>
                  <span className="block font-medium text-ink">{choice.label}</span>
                  <span className="block text-sm text-slate-600">{choice.hint(view)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Button
            variant="link"
            className="mt-2 h-auto px-0 text-sm"
            disabled={save.isPending}
            onClick={() => change({ emailOn: false }, "Notification emails turned off")}
          >
            Turn off notification emails
          </Button>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">
            Notification emails are off. You still see every notification in the app; account emails such as password
            resets still come.
          </p>
          <Button
            className="mt-4 h-auto min-h-10 max-w-full whitespace-normal py-2 text-center"
            disabled={save.isPending}
            onClick={() => change({ emailOn: true }, "Notification emails turned back on")}
          >
            Turn emails back on
          </Button>
        </>
      )}
    </section>
  );
}
