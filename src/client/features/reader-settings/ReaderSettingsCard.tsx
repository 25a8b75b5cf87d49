// Settings' 'Reader': the reader's font, size, width, spacing and theme (as the reader's 'Aa' panel sets them), and
// 'Hide warnings and tags until I choose'. Saved on change, with a confirmation.
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useReaderSettings, useSaveReaderSettings } from "./queries";
import { ReaderSettingsControls } from "./ReaderSettingsControls";

export function ReaderSettingsCard() {
  const settings = useReaderSettings();
  const save = useSaveReaderSettings();
  return (
    <section
      aria-labelledby="reader-settings-heading"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
      data-testid="reader-settings-card"
    >
      <h2 id="reader-settings-heading" className="text-lg font-semibold text-ink">
        Reader
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        How stories read for you in the reader and on their public pages, and whether works show their warnings and
        tags.
      </p>
      <div className="mt-4">
        <ReaderSettingsControls
          idPrefix="settings"
          withHideTags
          settings={settings}
          onChange={(next) =>
            save.mutate(next, {
              onSuccess: () => toast({ title: "Reader settings saved" }),
              onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
            })
          }
        />
      </div>
    </section>
  );
}
