// After 'Load the other version' the writer's own text stays one click away until they dismiss it.
import { Copy, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { copyDraft, draftAsText } from "./ConflictDialog";
import type { Draft } from "./story-saver";

export function DiscardedDraftBanner({ draft, onDismiss }: { draft: Draft; onDismiss: () => void }) {
  return (
    <aside
      aria-label="Your replaced version"
      className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:px-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex-1">
          The version from your other tab or device is loaded. This tab's replaced text is kept here until you dismiss
          it.
        </p>
        <Button size="sm" variant="outline" onClick={() => void copyDraft(draft)}>
          <Copy className="h-3.5 w-3.5" aria-hidden />
          Copy
        </Button>
        <Button size="sm" variant="ghost" aria-label="Dismiss your replaced version" onClick={onDismiss}>
          <X className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <details className="mt-1">
        <summary className="cursor-pointer text-xs font-medium">Show your text</summary>
        <div
          data-testid="discarded-draft"
          className="mt-1 max-h-40 overflow-y-auto rounded-md bg-white/70 p-2 text-xs whitespace-pre-wrap"
        >
          {draftAsText(draft)}
        </div>
      </details>
    </aside>
  );
}
