// The reader's 'Aa' button and panel: font, size, width, spacing and theme, applied to the text at once (and shown in
// the panel's preview), saved as they change.
import { toast } from "../../components/ui/toaster";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog";
import { errorMessage } from "../../lib/api";
import { useReaderSettings, useSaveReaderSettings } from "./queries";
import { ReaderSettingsControls } from "./ReaderSettingsControls";

export function ReaderSettingsPanel() {
  const settings = useReaderSettings();
  const save = useSaveReaderSettings();
  return (
    <Dialog>
      <DialogTrigger
        className="inline-flex h-9 items-center gap-1 rounded-lg border border-brand-200 px-3 font-serif text-base font-semibold text-brand-800 hover:bg-brand-50"
        aria-label="Reading settings"
        data-testid="reader-settings-button"
      >
        Aa
      </DialogTrigger>
      <DialogContent title="Reading settings" description="How the story's text looks to you, everywhere you read.">
        <ReaderSettingsControls
          idPrefix="panel"
          settings={settings}
          onChange={(next) =>
            save.mutate(next, { onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }) })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
