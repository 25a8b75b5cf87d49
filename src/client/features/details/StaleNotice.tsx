// Shown after a 409: somebody saved this story elsewhere since it was loaded here.
import { RefreshCw, TriangleAlert } from "lucide-react";
import { Button } from "../../components/ui/button";

export function StaleNotice({ onReload }: { onReload: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center"
    >
      <TriangleAlert className="h-5 w-5 shrink-0 text-amber-600" aria-hidden />
      <p className="flex-1 text-sm text-amber-900">
        This story was changed somewhere else (another tab or device) since you opened it, so your changes were not
        saved. Reload to see the latest version; your edits on this page will be replaced.
      </p>
      <Button variant="outline" size="sm" onClick={onReload}>
        <RefreshCw className="h-4 w-4" aria-hidden /> Reload
      </Button>
    </div>
  );
}
