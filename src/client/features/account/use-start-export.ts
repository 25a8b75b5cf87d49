// 'Download my data': asks whether an export is possible now (once an hour), then downloads the zip.
import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../lib/query-keys";
import { useExportStatus } from "./queries";

export function useStartExport() {
  const status = useExportStatus();
  const queryClient = useQueryClient();
  const start = async () => {
    const fresh = await status.refetch();
    if (fresh.data?.nextExportAt) return;
    // A plain navigation: the browser downloads the zip as it streams (Content-Disposition: attachment).
    window.location.assign("/api/account/export");
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.exportStatus }), 2000);
  };
  return { next: status.data?.nextExportAt ?? null, busy: status.isFetching, start };
}
