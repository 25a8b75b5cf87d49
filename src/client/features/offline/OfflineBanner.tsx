// Where the reader's actions stand when it shows a work's offline copy: what the reader is reading and from when.
import { WifiOff } from "lucide-react";
import { savedOn } from "./offline-format";

export const READING_OFFLINE = "You're reading offline";

export function OfflineBanner({ savedAt }: { savedAt: string }) {
  return (
    <p
      className="flex flex-wrap items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      role="status"
      data-testid="reader-offline-banner"
    >
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
      <span>
        <strong>{READING_OFFLINE}.</strong> {savedOn(savedAt)}; opened online, it refreshes itself.
      </span>
    </p>
  );
}
