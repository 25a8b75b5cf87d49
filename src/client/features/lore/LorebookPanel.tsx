// The story's Lorebook (issue 20, section 2): the writer's entries for characters, places, items and rules, the
// canon pack entries that apply to the story, and, for FicForge Plus, what Marin noticed in the story to accept,
// edit or dismiss. Nothing Marin proposes enters the lorebook unseen.
import { BookOpen, Library, Pencil, Plus, Sparkles, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import {
  type CanonLoreView,
  LORE_KIND_LABELS,
  type LoreEntryView,
  type LoreMention,
  type LoreProposal,
} from "../../../shared/schemas/lore";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { EMPTY_DRAFT, type LoreDraft, LoreEntryForm } from "./LoreEntryForm";
import { LoreFileTools } from "./LoreFileTools";
import { LoreFinder } from "./LoreFinder";
import { useLoreFind } from "./lore-io-queries";
import { MentionLine, OffBadge } from "./LoreMentions";
import { useAddLore, useDeleteLore, useDismissProposal, useLoreMentions, useStoryLore, useUpdateLore } from "./queries";
import { SeriesEntries } from "./SeriesEntries";

/** The canon packs page (built with canon packs, issue 20 section 2). */
// NOTE: written here until the page's route joins shared/routes.ts with it.
export const CANON_PACKS_PATH = "/dashboard/canon";
export const LOREBOOK_DESCRIPTION =
  "What Marin knows about this story's world. An entry goes into Marin's context when its name or one of its keys appears in your recent text or your message.";

type Editing = { mode: "add"; draft: LoreDraft; proposal?: string } | { mode: "edit"; entry: LoreEntryView } | null;

export function LorebookPanel({
  storyId,
  open,
  onOpenChange,
}: {
  storyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Lorebook" description={LOREBOOK_DESCRIPTION} className="max-w-2xl">
        {open ? <Lorebook storyId={storyId} onLeave={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Lorebook({ storyId, onLeave }: { storyId: number; onLeave: () => void }) {
  const lore = useStoryLore(storyId);
  const mentions = useLoreMentions(storyId).data;
  const add = useAddLore(storyId);
  const update = useUpdateLore(storyId);
  const [editing, setEditing] = useState<Editing>(null);
  const [finding, setFinding] = useState(false);
  const found = useLoreFind(storyId, finding);

  if (lore.isPending)
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (lore.isError) return <p className="text-sm text-slate-500">The lorebook could not be loaded.</p>;
  const { entries, canon, proposals, limits } = lore.data;
  const inSeries = lore.data.series ?? [];

  const form =
    editing?.mode === "add" ? (
      <LoreEntryForm
        key={`add-${editing.proposal ?? ""}`}
        initial={editing.draft}
        submitLabel="Add to lorebook"
        progression
        pending={add.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={async (draft) => {
          await add.mutateAsync({ ...draft, proposal: editing.proposal });
          setEditing(null);
        }}
      />
    ) : null;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          size="sm"
          onClick={() => setEditing({ mode: "add", draft: EMPTY_DRAFT })}
          disabled={entries.length >= limits.entries}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add entry
        </Button>
        <div className="flex items-center gap-3 text-xs text-slate-500">
          <span>
            {entries.length} of {limits.entries} entries
          </span>
          <Link
            href={CANON_PACKS_PATH}
            onClick={onLeave}
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
          >
            <Library className="h-3.5 w-3.5" aria-hidden /> Canon packs
          </Link>
        </div>
      </div>
      <LoreFileTools storyId={storyId} full={entries.length >= limits.entries} />
      <LoreFinder
        plus={proposals !== null}
        pending={found.isFetching}
        error={found.error}
        found={found.data?.proposals}
        onFind={() => (finding ? found.refetch() : setFinding(true))}
      />
      {form}
      <Proposals
        storyId={storyId}
        proposals={found.data?.proposals ?? proposals}
        onEdit={(p) => setEditing({ mode: "add", draft: { ...EMPTY_DRAFT, ...p }, proposal: p.name })}
      />
      <section aria-labelledby={`lore-entries-${storyId}`}>
        <h3 id={`lore-entries-${storyId}`} className="mb-2 text-sm font-semibold text-ink">
          This story's entries
        </h3>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-500">
            No entries yet. Add the characters, places, items and rules Marin should know.
          </p>
        ) : (
          <ul className="space-y-2" data-testid="lore-entries">
            {entries.map((entry) =>
              editing?.mode === "edit" && editing.entry.id === entry.id ? (
                <li key={entry.id}>
                  <LoreEntryForm
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
                  storyId={storyId}
                  entry={entry}
                  mention={mentions?.mentions[entry.id]}
                  onEdit={() => setEditing({ mode: "edit", entry })}
                />
              ),
            )}
          </ul>
        )}
      </section>
      <SeriesEntries entries={inSeries} mentions={mentions} onLeave={onLeave}>
        {(entry) => <EntryText entry={entry} />}
      </SeriesEntries>
      {canon.length > 0 ? <CanonEntries entries={canon} /> : null}
    </div>
  );
}

export function EntryText({
  entry,
}: {
  entry: Pick<LoreEntryView, "kind" | "name" | "keys" | "description"> & { enabled?: boolean };
}) {
  return (
    <div className="min-w-0 flex-1">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold text-ink">{entry.name}</span>
        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-[11px] font-medium text-brand-800">
          {LORE_KIND_LABELS[entry.kind]}
        </span>
        <OffBadge enabled={entry.enabled ?? true} />
      </p>
      {entry.keys.length > 0 ? (
        <p className="mt-0.5 text-xs text-slate-500">
          <span className="sr-only">Keys: </span>
          {entry.keys.join(" · ")}
        </p>
      ) : null}
      <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-slate-700">{entry.description}</p>
    </div>
  );
}

function EntryItem({
  storyId,
  entry,
  mention,
  onEdit,
}: {
  storyId: number;
  entry: LoreEntryView;
  mention: LoreMention | undefined;
  onEdit: () => void;
}) {
  const remove = useDeleteLore(storyId);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex items-start gap-2 rounded-xl border border-brand-100 bg-white p-3">
      <div className="min-w-0 flex-1">
        <EntryText entry={entry} />
        {entry.changes.length > 0 ? (
          <p className="mt-1 text-xs text-slate-500">
            Changes from chapter {entry.changes.map((c) => c.fromChapter).join(", ")}
          </p>
        ) : null}
        <MentionLine mention={mention} />
      </div>
      {confirming ? (
        <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
          <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(entry.id)}>
            Delete
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : (
        <div className="flex shrink-0 gap-1">
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

function Proposals({
  storyId,
  proposals,
  onEdit,
}: {
  storyId: number;
  proposals: LoreProposal[] | null;
  onEdit: (proposal: LoreProposal) => void;
}) {
  const add = useAddLore(storyId);
  const dismiss = useDismissProposal(storyId);
  if (proposals === null)
    return (
      <p className="flex items-start gap-2 rounded-lg bg-brand-50 p-3 text-xs text-brand-800">
        <Sparkles className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
        With FicForge Plus, Marin's story memory proposes entries for the characters it notices in your story.
      </p>
    );
  if (proposals.length === 0) return null;
  return (
    <section
      aria-labelledby={`lore-proposals-${storyId}`}
      className="rounded-xl border border-pink-200 bg-pink-50/50 p-3"
    >
      <h3 id={`lore-proposals-${storyId}`} className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-ink">
        <Sparkles className="h-4 w-4 text-pink-600" aria-hidden /> Marin noticed
      </h3>
      <ul className="space-y-2">
        {proposals.map((proposal) => (
          <li key={proposal.name} className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <p className="min-w-0 flex-1 text-sm text-slate-700">
              <span className="sr-only">Marin noticed: </span>
              <span className="font-semibold text-ink">{proposal.name}</span>, {proposal.description}
            </p>
            <div className="flex shrink-0 gap-1">
              <Button
                size="sm"
                disabled={add.isPending}
                aria-label={`Accept ${proposal.name}`}
                onClick={() => add.mutate({ ...proposal, proposal: proposal.name })}
              >
                Accept
              </Button>
              <Button size="sm" variant="outline" aria-label={`Edit ${proposal.name}`} onClick={() => onEdit(proposal)}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={dismiss.isPending}
                aria-label={`Dismiss ${proposal.name}`}
                onClick={() => dismiss.mutate(proposal.name)}
              >
                Dismiss
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CanonEntries({ entries }: { entries: CanonLoreView[] }) {
  return (
    <section aria-labelledby="lore-canon">
      <h3 id="lore-canon" className="mb-1 flex items-center gap-1.5 text-sm font-semibold text-ink">
        <BookOpen className="h-4 w-4 text-brand-600" aria-hidden /> From your canon packs
      </h3>
      <p className="mb-2 text-xs text-slate-500">
        Shared by your stories in the same fandom; edit them under Canon packs. This story's own entry of the same name
        is used instead.
      </p>
      <ul className="space-y-2">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="flex items-start gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 data-[overridden=true]:opacity-60"
            data-overridden={entry.overridden}
          >
            <EntryText entry={entry} />
            <span className="shrink-0 text-[11px] text-slate-500">
              {entry.overridden ? "Overridden by this story" : entry.fandom}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Opens the Lorebook from Marin's pane. */
export function LorebookButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Lorebook"
      title="Lorebook"
      className="inline-flex h-8 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg border border-brand-200 bg-white px-2 text-xs font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
      data-testid="lorebook-button"
    >
      <BookOpen className="h-3.5 w-3.5" aria-hidden />
      {/* NOTE: a phone's pane has no room for the word beside Response; the icon keeps its name for screen readers. */}
      <span className="hidden sm:inline">Lorebook</span>
    </button>
  );
}
