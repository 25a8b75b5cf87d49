// Settings: whether reading is recorded (History, 'Continue reading', resume on other devices).
import { useId } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { toast } from "../../components/ui/toaster";
import { useReadingSettings, useSaveReadingSettings } from "./queries";

export function HistorySetting() {
  const id = useId();
  const settings = useReadingSettings();
  const save = useSaveReadingSettings();
  const on = save.isPending ? (save.variables?.recordHistory ?? true) : (settings.data?.recordHistory ?? true);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-ink">
        Reading history
      </h2>
      <label className="mt-3 flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 accent-brand-600"
          checked={on}
          disabled={settings.isPending || save.isPending}
          onChange={(event) =>
            save.mutate(
              { recordHistory: event.target.checked },
              {
                onError: () =>
                  toast({ title: "Error", description: "Failed to save the setting", variant: "destructive" }),
              },
            )
          }
        />
        <span className="text-sm text-slate-700">
          <span className="block font-medium text-ink">Record what I read</span>
          Remembers where you stopped, on every device, for 'Continue reading' and your{" "}
          <Link href={ROUTES.history} className="font-medium text-brand-700 underline">
            History
          </Link>
          . When off, nothing new is recorded.
        </span>
      </label>
    </section>
  );
}
