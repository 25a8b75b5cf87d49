// Saved Stories' 'Saved for offline': the works this browser keeps for the signed-in reader, each with its size, the
// day it was saved (or last refreshed) and Remove; each opens in the reader, with or without a network.
import { BookMarked } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toaster";
import { formatSize, savedOn } from "./offline-format";
import type { SavedWork } from "./offline-store";
import { offlineSupported, useRemoveFromOffline, useSavedWorks } from "./queries";
import { useCoverUrl } from "./use-cover-url";

export const NO_OFFLINE_WORKS = "No works saved for offline";

function OfflineRow({ work, onRemove, removing }: { work: SavedWork; onRemove: () => void; removing: boolean }) {
  const cover = useCoverUrl(work.cover);
  return (
    <li
      className="flex items-center gap-3 rounded-2xl border border-brand-100 bg-white p-3 shadow-sm"
      data-testid="offline-item"
    >
      {cover ? (
        <img src={cover} alt="" className="h-14 w-10 shrink-0 rounded object-cover" />
      ) : (
        <span className="flex h-14 w-10 shrink-0 items-center justify-center rounded bg-brand-50 text-brand-400">
          <BookMarked className="h-4 w-4" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <Link
          href={ROUTES.read(work.storyId)}
          className="line-clamp-2 break-words font-semibold text-ink hover:underline"
        >
          {work.story.title}
        </Link>
        <p className="text-xs text-slate-600">
          by {work.story.author?.username ?? "Unknown"} ·{" "}
          <span data-testid="offline-size">{formatSize(work.size)}</span> ·{" "}
          <time dateTime={work.savedAt}>{savedOn(work.savedAt)}</time>
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        onClick={onRemove}
        disabled={removing}
        aria-label={`Remove ${work.story.title} from offline`}
      >
        Remove
      </Button>
    </li>
  );
}

export function OfflineList({ ownerId }: { ownerId: number }) {
  const works = useSavedWorks(ownerId);
  const remove = useRemoveFromOffline(ownerId);
  if (!offlineSupported()) return null;
  const items = works.data ?? [];
  const total = items.reduce((sum, work) => sum + work.size, 0);
  return (
    <section aria-labelledby="offline-heading" className="space-y-3" data-testid="offline-list">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="offline-heading" className="font-serif text-xl font-bold text-ink">
          Saved for offline
        </h2>
        {items.length > 0 ? (
          <p className="text-sm text-slate-600">
            {items.length} {items.length === 1 ? "work" : "works"}, {formatSize(total)} on this device
          </p>
        ) : null}
      </div>
      {works.isError ? (
        <p className="text-sm text-slate-600">This browser would not open its offline store.</p>
      ) : items.length === 0 && !works.isPending ? (
        <p className="text-sm text-slate-600">
          {NO_OFFLINE_WORKS}. Use 'Save for offline' in the reader to read a work without a connection.
        </p>
      ) : (
        <ul className="space-y-2">
          {items.map((work) => (
            <OfflineRow
              key={work.storyId}
              work={work}
              removing={remove.isPending && remove.variables === work.storyId}
              onRemove={() =>
                remove.mutate(work.storyId, {
                  onError: () =>
                    toast({ title: "Error", description: "Failed to remove from offline", variant: "destructive" }),
                })
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
