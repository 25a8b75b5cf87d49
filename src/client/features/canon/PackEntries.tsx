// A pack's entries: editable in the writer's own pack (add, edit, delete), read-only in a published pack's preview.
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { CanonEntry } from "../../../shared/schemas/canon";
import { LORE_KIND_LABELS } from "../../../shared/schemas/lore";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { EntryForm } from "./EntryForm";
import { useCanonEntries, useDeleteEntry } from "./queries";

export function PackEntries({ packId, editable }: { packId: number; editable: boolean }) {
  const entries = useCanonEntries(packId);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const list = entries.data?.entries ?? [];

  if (entries.isPending) return <Skeleton className="h-16 w-full" />;
  if (entries.isError) return <p className="text-sm text-slate-600">The entries could not be loaded.</p>;
  return (
    <div className="space-y-3">
      {list.length === 0 && editing !== "new" && (
        <p className="text-sm text-slate-600">
          No entries yet. Add the characters, places, items and rules of this world.
        </p>
      )}
      {list.length > 0 && (
        <ul className="divide-y divide-brand-100" aria-label="Entries">
          {list.map((entry) =>
            editing === entry.id ? (
              <li key={entry.id} className="py-3">
                <EntryForm packId={packId} entry={entry} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <EntryRow
                key={entry.id}
                packId={packId}
                entry={entry}
                editable={editable}
                onEdit={() => setEditing(entry.id)}
              />
            ),
          )}
        </ul>
      )}
      {editable &&
        (editing === "new" ? (
          <EntryForm packId={packId} onDone={() => setEditing(null)} />
        ) : (
          <Button variant="outline" size="sm" onClick={() => setEditing("new")}>
            <Plus className="h-4 w-4" aria-hidden /> Add entry
          </Button>
        ))}
    </div>
  );
}

function EntryRow({
  packId,
  entry,
  editable,
  onEdit,
}: {
  packId: number;
  entry: CanonEntry;
  editable: boolean;
  onEdit: () => void;
}) {
  const remove = useDeleteEntry(packId);
  return (
    <li className="flex items-start gap-3 py-3" data-testid="canon-entry">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-ink [overflow-wrap:anywhere]">{entry.name}</span>
          <span className="text-xs font-medium uppercase tracking-wide text-brand-700">
            {LORE_KIND_LABELS[entry.kind]}
          </span>
        </p>
        {entry.keys.length > 0 && (
          <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">Keys: {entry.keys.join(", ")}</p>
        )}
        <p className="whitespace-pre-line text-sm text-slate-700 [overflow-wrap:anywhere]">{entry.description}</p>
      </div>
      {editable && (
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" aria-label={`Edit ${entry.name}`} onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Delete ${entry.name}`} disabled={remove.isPending}>
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent title={`Delete ${entry.name}?`} description="It leaves this pack for good.">
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                onClick={() =>
                  remove.mutate(entry.id, {
                    onSuccess: () => toast({ title: `Deleted ${entry.name}` }),
                    onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
                  })
                }
              >
                Delete
              </AlertDialogAction>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      )}
    </li>
  );
}
