// Export my data: a zip download, at most once an hour (the server says when the next one is possible).
import { useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Button } from "../../components/ui/button";
import { queryKeys } from "../../lib/query-keys";
import { useExportStatus } from "./queries";
import { Row } from "./SecurityRow";

export function ExportSection() {
  const status = useExportStatus();
  const queryClient = useQueryClient();
  const next = status.data?.nextExportAt;
  const start = async () => {
    const fresh = await status.refetch();
    if (fresh.data?.nextExportAt) return;
    // A plain navigation: the browser downloads the zip as it streams (Content-Disposition: attachment).
    window.location.assign("/api/account/export");
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.exportStatus }), 2000);
  };
  return (
    <div className="mt-6">
      <h3 className="text-base font-semibold text-ink">Your data</h3>
      <Row
        icon={<Download className="h-5 w-5" />}
        title="Export my data"
        detail={
          next
            ? `You can export your data once an hour. Your next export is possible at ${new Date(next).toLocaleTimeString(undefined, { timeStyle: "short" })}.`
            : "A zip with your profile and settings, every story as HTML and EPUB with your chats with Marin, and your comments, bookmarks, likes, follows and notifications."
        }
        action={
          <Button
            variant="outline"
            size="sm"
            disabled={Boolean(next) || status.isFetching}
            onClick={() => void start()}
          >
            Download my data
          </Button>
        }
      />
    </div>
  );
}
