// Issue 32: the series' own lorebook on its edit page: the entries every story of the series shares, added, edited
// (changes by chapter, the enabled switch) and deleted by the series' owner. A story's lorebook shows them read-only
// and links here ('Edit in the series').
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import type { LoreEntryView } from "../../../shared/schemas/lore";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api";
import { EMPTY_DRAFT, LoreEntryForm } from "../lore/LoreEntryForm";
import { EntryText } from "../lore/LorebookPanel";
import { useAddSeriesLore, useDeleteSeriesLore, useSeriesLore, useUpdateSeriesLore } from "./lore-queries";

/** The section's anchor: a story's lorebook links to `/dashboard/series/{id}#series-lore`. */
export const SERIES_LORE_ANCHOR = "series-lore";
export const SERIES_LORE_DESCRIPTION =
  "Characters, places, items and rules every story of this series shares. Marin reads them after a story's own entries; a story's entry of the same name is used instead.";

type Editing = { mode: "add" } | { mode: "edit"; entry: LoreEntryView } | null;

export function SeriesLorebook({ seriesId }: { seriesId: number }) {
  const lore = useSeriesLore(seriesId);
  const add = useAddSeriesLore(seriesId);
  const update = useUpdateSeriesLore(seriesId);
  const [editing, setEditing] = useState<Editing>(null);
  const loaded = lore.isSuccess;
  // Arriving from a story's lorebook: the section is below the fold and loads after the page.
  useEffect(() => {
    if (loaded && window.location.hash === `#${SERIES_LORE_ANCHOR}`)
      document.getElementById(SERIES_LORE_ANCHOR)?.scrollIntoView?.({ block: "start" });
  }, [loaded]);

  return (
    <section id={SERIES_LORE_ANCHOR} aria-labelledby="series-lore-heading" className="scroll-mt-20 space-y-3">
      <h2 id="series-lore-heading" className="text-xl font-bold text-ink">
        Series lorebook
      </h2>
      <p className="text-sm text-slate-600">{SERIES_LORE_DESCRIPTION}</p>
      {lore.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : lore.isError ? (
        <p className="text-sm text-slate-500">The series lorebook could not be loaded.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button
              size="sm"
              onClick={() => setEditing({ mode: "add" })}
              disabled={lore.data.entries.length >= lore.data.limits.entries || editing?.mode === "add"}
            >
              <Plus className="h-4 w-4" aria-hidden /> Add entry
            </Button>
            <span className="text-xs text-slate-500">
              {lore.data.entries.length} of {lore.data.limits.entries} entries
            </span>
          </div>
          {editing?.mode === "add" ? (
            <LoreEntryForm
              label="New series entry"
              initial={EMPTY_DRAFT}
              submitLabel="Add to series"
              progression
              pending={add.isPending}
              onCancel={() => setEditing(null)}
              onSubmit={async (draft) => {
                await add.mutateAsync(draft);
                setEditing(null);
              }}
            />
          ) : null}
          {lore.data.entries.length === 0 ? (
            <p className="text-sm text-slate-500">No series entries yet.</p>
          ) : (
            <ul className="space-y-2" data-testid="series-lore-entries">
              {lore.data.entries.map((entry) =>
                editing?.mode === "edit" && editing.entry.id === entry.id ? (
                  <li key={entry.id}>
                    <LoreEntryForm
                      label={`Edit ${entry.name}`}
                      initial={entry}
                      submitLabel="Save entry"
                      progression
                      pending={update.isPending}
                      onCancel={() => setEditing(null)}
                      onSubmit={async (draft) => {
                        await update.mutateAsync({ id: entry.id, change: draft });
                        setEditing(null);
                      }}
                    />
                  </li>
                ) : (
                  <EntryItem
                    key={entry.id}
                    seriesId={seriesId}
                    entry={entry}
                    onEdit={() => setEditing({ mode: "edit", entry })}
                  />
                ),
              )}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function EntryItem({ seriesId, entry, onEdit }: { seriesId: number; entry: LoreEntryView; onEdit: () => void }) {
  const remove = useDeleteSeriesLore(seriesId);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-brand-100 bg-white p-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <EntryText entry={entry} />
        {entry.changes.length > 0 ? (
          <p className="mt-1 text-xs text-slate-500">
            Changes from chapter {entry.changes.map((c) => c.fromChapter).join(", ")}
          </p>
        ) : null}
        {remove.isError ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {errorMessage(remove.error, "The entry could not be deleted.")}
          </p>
        ) : null}
      </div>
      {confirming ? (
        <div className="flex shrink-0 gap-1">
          <Button
            size="sm"
            variant="destructive"
            aria-label={`Delete ${entry.name} for good`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(entry.id)}
          >
            Delete
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : (
        <div className="flex shrink-0 gap-1 self-end sm:self-auto">
          <Button size="icon" variant="ghost" aria-label={`Edit ${entry.name}`} onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
          <Button size="icon" variant="ghost" aria-label={`Delete ${entry.name}`} onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      )}
    </li>
  );
}
