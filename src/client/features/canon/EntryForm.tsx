// Adding or editing one entry of a canon pack: the lorebook's own entry form (decision 0043), so a pack's entry and a
// story's are checked and counted the same way; the server's answer (a name the pack already has, say) shows too.
import type { CanonEntry } from "../../../shared/schemas/canon";
import { EMPTY_DRAFT, LoreEntryForm } from "../lore/LoreEntryForm";
import { useSaveEntry } from "./queries";

export function EntryForm({
  packId,
  entry,
  onDone,
}: {
  packId: number;
  /** The entry to edit; a new one when absent. */
  entry?: CanonEntry;
  onDone: () => void;
}) {
  const save = useSaveEntry(packId);
  return (
    <LoreEntryForm
      initial={entry ?? EMPTY_DRAFT}
      label={entry ? `Edit ${entry.name}` : "New entry"}
      submitLabel={entry ? "Save entry" : "Add entry"}
      pending={save.isPending}
      onSubmit={async (draft) => {
        await save.mutateAsync({ entryId: entry?.id, body: draft });
        onDone();
      }}
      onCancel={onDone}
    />
  );
}
