// 'History' in the editor (issue 20 §1, decision 0041): the story's versions (time, words, the change, who made
// the text), a word diff of the chosen one against the current text, and 'Restore' after a confirm. On a phone the
// list and the chosen version take turns; wider, they sit side by side.
import { useState } from "react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { PLUS_NAME } from "../../../shared/schemas/billing";
import { FREE_HISTORY_DAYS, type VersionView } from "../../../shared/schemas/versions";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { errorMessage } from "../../lib/api";
import { useVersionQuery, useVersionsQuery } from "./queries";
import { changeLabel, originLabel, whenLabel, wordsLabel } from "./version-labels";
import { VersionDiff } from "./VersionDiff";
import { useSignedInUsername } from "../auth/auth-context";

const EMPTY =
  "No versions yet. One is kept before each Marin insertion, each publish and each restore, and every 10 minutes while you type.";

function VersionRow({
  version,
  selected,
  onSelect,
}: {
  version: VersionView;
  selected: boolean;
  onSelect: () => void;
}) {
  const me = useSignedInUsername();
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? "true" : undefined}
      className={cn(
        "w-full cursor-pointer rounded-lg border px-3 py-2 text-left text-sm transition-colors",
        selected ? "border-brand-400 bg-brand-50" : "border-brand-100 bg-white hover:bg-brand-50",
      )}
    >
      <span className="block font-medium text-ink">{whenLabel(version.savedAt)}</span>
      <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        <span>{wordsLabel(version.wordCount)}</span>
        <span className={version.wordChange < 0 ? "text-rose-700" : version.wordChange > 0 ? "text-emerald-700" : ""}>
          {changeLabel(version.wordChange)}
        </span>
        <span>{originLabel(version, me)}</span>
        {version.published ? <span className="rounded bg-brand-100 px-1 text-brand-800">Published</span> : null}
      </span>
    </button>
  );
}

/** A published story's restore is public at once: the confirmation says so, and which chapters readers lose. */
// NOTE: spans, as it sits inside the dialog's description paragraph.
function ReadersNotice({ chaptersLost }: { chaptersLost: string[] }) {
  return (
    <span
      className="mt-3 block rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900"
      data-testid="readers-notice"
    >
      <span className="block font-semibold">Readers will see this version now.</span>
      <span className="mt-1 block">
        {chaptersLost.length > 0
          ? `These chapters disappear from your public page: ${chaptersLost.join(", ")}.`
          : "Your story is published: what readers see changes as soon as you restore."}
      </span>
    </span>
  );
}

function VersionPane({
  storyId,
  version,
  onBack,
  onRestore,
}: {
  storyId: number;
  version: VersionView;
  onBack: () => void;
  onRestore: (version: VersionView, readersSeeIt: boolean) => Promise<void>;
}) {
  const detail = useVersionQuery(storyId, version.id);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const when = whenLabel(version.savedAt);
  const readers = detail.data?.readers ?? null;
  const me = useSignedInUsername();
  const restore = async () => {
    setRestoring(true);
    try {
      await onRestore(version, readers !== null);
    } finally {
      setRestoring(false);
    }
  };
  return (
    <section aria-label={`Version from ${when}`} className="min-w-0">
      <button
        type="button"
        onClick={onBack}
        className="mb-2 cursor-pointer text-sm font-medium text-brand-700 sm:hidden"
      >
        ← All versions
      </button>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-ink">{when}</h3>
          <p className="text-xs text-slate-600">
            {wordsLabel(version.wordCount)} · {originLabel(version, me)}
          </p>
        </div>
        <Button size="sm" onClick={() => setConfirming(true)} disabled={restoring || detail.isPending}>
          {restoring ? "Restoring..." : "Restore"}
        </Button>
      </div>
      <p className="mt-3 text-xs text-slate-600">
        Against your current text: <ins className="bg-emerald-100 text-emerald-900 no-underline">added since</ins> and{" "}
        <del className="bg-rose-100 text-rose-900">removed since</del>
        {detail.data?.diff
          ? ` (+${detail.data.diff.added.toLocaleString("en-US")}, −${detail.data.diff.removed.toLocaleString("en-US")} words).`
          : "."}
      </p>
      <div className="mt-3 rounded-lg border border-brand-100 bg-slate-50/50 p-3">
        {detail.isPending ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        ) : detail.isError ? (
          <p className="text-sm text-rose-700">{errorMessage(detail.error, "This version could not be loaded.")}</p>
        ) : (
          <VersionDiff parts={detail.data.diff?.parts ?? []} truncated={detail.data.diff?.truncated ?? false} />
        )}
      </div>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent
          title="Restore this version?"
          description={
            <>
              {`Your story's text becomes the version from ${when}. Your current text is kept in History, so you can come back to it.`}
              {readers ? <ReadersNotice chaptersLost={readers.chaptersLost} /> : null}
            </>
          }
        >
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => void restore()}>
            {readers ? "Restore for readers" : "Restore"}
          </AlertDialogAction>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

function HistoryBody({
  storyId,
  onRestore,
}: {
  storyId: number;
  onRestore: (version: VersionView, readersSeeIt: boolean) => Promise<void>;
}) {
  const versions = useVersionsQuery(storyId, true);
  const [selected, setSelected] = useState<VersionView | null>(null);
  const list = versions.data?.pages.flatMap((page) => page.versions) ?? [];
  const limited = versions.data?.pages[0]?.limitedHistory ?? false;
  if (versions.isPending)
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (versions.isError) return <p className="text-sm text-slate-600">History could not be loaded.</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-[15rem_minmax(0,1fr)]">
      <div className={cn("min-w-0", selected && "hidden sm:block")}>
        {list.length === 0 ? (
          <p className="text-sm text-slate-600">{EMPTY}</p>
        ) : (
          <ol className="space-y-2 sm:max-h-[60vh] sm:overflow-y-auto sm:pr-1" aria-label="Versions, newest first">
            {list.map((version) => (
              <li key={version.id}>
                <VersionRow
                  version={version}
                  selected={selected?.id === version.id}
                  onSelect={() => setSelected(version)}
                />
              </li>
            ))}
          </ol>
        )}
        {versions.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            className="mt-2 w-full"
            onClick={() => versions.fetchNextPage()}
            disabled={versions.isFetchingNextPage}
          >
            {versions.isFetchingNextPage ? "Loading..." : "Older versions"}
          </Button>
        ) : null}
        {limited ? (
          <p className="mt-3 text-xs text-slate-600">
            Free accounts keep {FREE_HISTORY_DAYS} days of history.{" "}
            <Link href={ROUTES.upgrade} className="font-medium text-brand-700 underline">
              {PLUS_NAME}
            </Link>{" "}
            keeps all of it.
          </p>
        ) : null}
      </div>
      {selected ? (
        <VersionPane
          key={selected.id}
          storyId={storyId}
          version={selected}
          onBack={() => setSelected(null)}
          onRestore={onRestore}
        />
      ) : list.length > 0 ? (
        <p className="hidden text-sm text-slate-600 sm:block">Choose a version to see what changed since.</p>
      ) : null}
    </div>
  );
}

export function HistoryDialog({
  storyId,
  open,
  onOpenChange,
  onRestore,
}: {
  storyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Restores the version into the open editor; the dialog closes when it is done. */
  onRestore: (version: VersionView, readersSeeIt: boolean) => Promise<void>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="History"
        description="Every version of your story, newest first. Restoring one keeps your current text too."
        className="max-w-4xl"
      >
        {open ? <HistoryBody storyId={storyId} onRestore={onRestore} /> : null}
      </DialogContent>
    </Dialog>
  );
}
