// /dashboard/history: what the reader has read, newest first, with 'Clear history' and the recording setting.
import { History } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toaster";
import { HistoryItemRow } from "./HistoryItemRow";
import { useClearHistory, useHistoryQuery, useReadingSettings } from "./queries";

export function HistoryList({ after }: { after?: ReactNode }) {
  const history = useHistoryQuery();
  const settings = useReadingSettings();
  const clear = useClearHistory();
  const [confirming, setConfirming] = useState(false);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const onClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => setConfirming(false),
      onError: () => toast({ title: "Error", description: "Failed to clear history", variant: "destructive" }),
    });
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold text-ink">History</h1>
        {items.length > 0 &&
          (confirming ? (
            <span className="flex items-center gap-2">
              <Button variant="destructive" size="sm" onClick={onClear} disabled={clear.isPending}>
                Clear all
              </Button>
              <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </span>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              Clear history
            </Button>
          ))}
      </header>
      {settings.data?.recordHistory === false && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
          Recording is off: new reading is not added here.{" "}
          <Link href={ROUTES.settings} className="font-medium underline">
            Change in Settings
          </Link>
        </p>
      )}
      {history.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : history.isError ? (
        <p className="text-slate-600">History could not be loaded. Try again in a moment.</p>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-brand-200 p-10 text-center">
          <History className="h-8 w-8 text-brand-300" aria-hidden />
          <p className="font-semibold text-ink">No reading history</p>
          <p className="text-sm text-slate-600">Stories you read show here, with where you stopped.</p>
        </div>
      ) : (
        <ul className="space-y-3" data-testid="history-list">
          {items.map((item) => (
            <li key={item.storyId}>
              <HistoryItemRow item={item} />
            </li>
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <Button variant="outline" onClick={() => history.fetchNextPage()} disabled={history.isFetchingNextPage}>
          Load more
        </Button>
      )}
      {after}
    </div>
  );
}
