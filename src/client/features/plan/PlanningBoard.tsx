// The planning board (issue 32, section 3): braindump → synopsis → outline → beats per chapter, each editable by hand
// and saved as the writer types; Marin drafts each level from the one above, and 'Write chapter N from its beats'
// hands the chapter to Marin's pane, which writes it into the editor. Opened from Marin's pane, beside the Lorebook.
import { ClipboardList, Plus, Sparkles, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { PLAN_LIMITS, type PlanDraftBody, planDraftAsk, writeChapterPrompt } from "../../../shared/schemas/plan";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Input, Label, Textarea } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { useLeaveGuard } from "../editor/use-leave-guard";
import { DraftVersions } from "./DraftVersions";
import {
  addVersion,
  applyDraft,
  boardOf,
  draftKey,
  hasBeats,
  type PlanBoard,
  stepVersion,
  type Versions,
} from "./plan-board";
import { type PlanSaveState, PlanSaver } from "./plan-saver";
import { useDraftPlan, useSavePlan, useStoryPlan } from "./queries";

export const PLAN_DESCRIPTION =
  "From idea to prose: Marin drafts each level from the one above, and your synopsis and the current chapter's beats go with every request to Marin.";
export const DRAFT_FAILED_TITLE = "Marin couldn't draft that";
const SAVE_LABELS = { saved: "All changes saved", unsaved: "Unsaved changes", saving: "Saving…" } as const;

export function PlanButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Planning board"
      title="Planning board"
      className="inline-flex h-8 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg border border-brand-200 bg-white px-2 text-xs font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
    >
      <ClipboardList className="h-3.5 w-3.5" aria-hidden />
      {/* NOTE: as the Lorebook's button: on a phone the icon alone, its name kept for screen readers. */}
      <span className="hidden sm:inline">Plan</span>
    </button>
  );
}

export interface PlanningBoardProps {
  storyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Marin may write now (no request running, the daily limit not reached, the editor ready). */
  canWrite: boolean;
  onWriteChapter: (chapter: number) => void;
}

export function PlanningBoard({ storyId, open, onOpenChange, ...rest }: PlanningBoardProps) {
  const plan = useStoryPlan(storyId, open);
  const flushRef = useRef<() => Promise<boolean>>(async () => true);
  const close = (next: boolean) => {
    // NOTE: closing saves what is still waiting; the board's text is never dropped.
    if (!next) void flushRef.current();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Planning board" description={PLAN_DESCRIPTION} className="max-w-3xl">
        {!open ? null : plan.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : plan.isError ? (
          <p className="text-sm text-slate-500">The planning board could not be loaded.</p>
        ) : (
          <Board
            storyId={storyId}
            initial={boardOf(plan.data)}
            flushRef={flushRef}
            onClose={() => close(false)}
            {...rest}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Board({
  storyId,
  initial,
  flushRef,
  onClose,
  canWrite,
  onWriteChapter,
}: Omit<PlanningBoardProps, "open" | "onOpenChange"> & {
  initial: PlanBoard;
  flushRef: { current: () => Promise<boolean> };
  onClose: () => void;
}) {
  const [board, setBoard] = useState(initial);
  const [saveState, setSaveState] = useState<PlanSaveState>({ kind: "saved" });
  const [versions, setVersions] = useState<Record<string, Versions>>({});
  const [count, setCount] = useState<number>(PLAN_LIMITS.outlineDefault);
  const save = useSavePlan(storyId);
  const draft = useDraftPlan(storyId);
  const saver = useMemo(() => new PlanSaver(save, setSaveState, (e) => errorMessage(e)), [save]);
  useEffect(() => () => saver.dispose(), [saver]);
  flushRef.current = () => saver.flush();
  useLeaveGuard(() => saver.hasUnsaved());

  const change = (next: PlanBoard) => {
    setBoard(next);
    saver.changed(next);
  };
  const setChapter = (at: number, patch: Partial<PlanBoard["chapters"][number]>) =>
    change({ ...board, chapters: board.chapters.map((c, i) => (i === at ? { ...c, ...patch } : c)) });

  async function ask(body: Omit<PlanDraftBody, "seed">) {
    if (!(await saver.flush())) return;
    try {
      const answer = await draft.mutateAsync({ ...body, seed: Math.floor(Math.random() * 2 ** 31) });
      const key = draftKey(answer.level, answer.chapter);
      setVersions((all) => ({ ...all, [key]: addVersion(all[key], answer) }));
    } catch (error) {
      toast({ title: DRAFT_FAILED_TITLE, description: errorMessage(error), variant: "destructive" });
    }
  }

  const versionsOf = (body: Omit<PlanDraftBody, "seed">) => {
    const key = draftKey(body.level, body.chapter);
    const shown = versions[key];
    if (!shown) return null;
    const drop = () =>
      setVersions((all) => {
        const { [key]: _, ...others } = all;
        return others;
      });
    return (
      <DraftVersions
        label={`Marin's drafts: ${planDraftAsk(body)}`}
        versions={shown}
        busy={draft.isPending}
        onStep={(by) => setVersions((all) => ({ ...all, [key]: stepVersion(shown, by) }))}
        onAnother={() => void ask(body)}
        onUse={() => {
          change(applyDraft(board, shown.drafts[shown.at]!));
          drop();
        }}
        onDiscard={drop}
      />
    );
  };
  const askButton = (body: Omit<PlanDraftBody, "seed">, disabled: boolean) => (
    <Button
      variant="outline"
      className="h-8 gap-1.5 px-2.5 text-xs"
      disabled={disabled || draft.isPending}
      onClick={() => void ask(body)}
    >
      <Sparkles className="h-3.5 w-3.5" aria-hidden /> {planDraftAsk(body)}
    </Button>
  );

  return (
    <div className="space-y-5" data-testid="planning-board">
      <p className="text-xs text-slate-500" role="status">
        {saveState.kind === "failed" ? `Couldn't save: ${saveState.message}` : SAVE_LABELS[saveState.kind]}
        {draft.isPending ? " · Marin is drafting…" : ""}
      </p>
      <Level id="plan-braindump" label="Braindump" hint="Anything: ideas, scenes, characters, the ending you want.">
        <Textarea
          id="plan-braindump"
          value={board.braindump}
          maxLength={PLAN_LIMITS.braindumpChars}
          onChange={(e) => change({ ...board, braindump: e.target.value })}
        />
        <div className="mt-2">{askButton({ level: "synopsis" }, board.braindump.trim() === "")}</div>
        {versionsOf({ level: "synopsis" })}
      </Level>
      <Level id="plan-synopsis" label="Synopsis" hint="The whole story in a paragraph.">
        <Textarea
          id="plan-synopsis"
          value={board.synopsis}
          maxLength={PLAN_LIMITS.synopsisChars}
          onChange={(e) => change({ ...board, synopsis: e.target.value })}
        />
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Label htmlFor="plan-count" className="text-xs">
            Chapters
          </Label>
          <Input
            id="plan-count"
            type="number"
            min={1}
            max={PLAN_LIMITS.outlineMax}
            value={count}
            className="h-8 w-20"
            onChange={(e) => setCount(Math.min(PLAN_LIMITS.outlineMax, Math.max(1, Number(e.target.value) || 1)))}
          />
          {askButton({ level: "outline", count }, board.synopsis.trim() === "" && board.braindump.trim() === "")}
        </div>
        {versionsOf({ level: "outline", count })}
      </Level>
      <section aria-labelledby="plan-outline" className="space-y-3">
        <h3 id="plan-outline" className="text-sm font-semibold text-ink">
          Outline
        </h3>
        {board.chapters.length === 0 ? (
          <p className="text-sm text-slate-500">No chapters yet. Add one, or let Marin outline them.</p>
        ) : null}
        <ol className="space-y-3">
          {board.chapters.map((chapter, i) => {
            const n = i + 1;
            return (
              <li
                key={i}
                className="space-y-2 rounded-xl border border-brand-100 p-3"
                data-testid={`plan-chapter-${n}`}
              >
                <div className="flex items-center gap-2">
                  <span className="shrink-0 text-xs font-semibold text-slate-500">{n}.</span>
                  <Input
                    aria-label={`Title of chapter ${n}`}
                    value={chapter.title}
                    maxLength={PLAN_LIMITS.titleChars}
                    className="h-9"
                    onChange={(e) => setChapter(i, { title: e.target.value })}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-8 w-8 shrink-0"
                    aria-label={`Remove chapter ${n} from the outline`}
                    onClick={() => change({ ...board, chapters: board.chapters.filter((_, j) => j !== i) })}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
                <Textarea
                  aria-label={`Beats of chapter ${n}, one a line`}
                  placeholder="One beat a line: what happens, in order."
                  value={chapter.beats.join("\n")}
                  className="min-h-20"
                  onChange={(e) => setChapter(i, { beats: e.target.value.split("\n") })}
                />
                <div className="flex flex-wrap gap-1.5">
                  {askButton({ level: "beats", chapter: n }, false)}
                  <Button
                    className="h-8 px-2.5 text-xs"
                    disabled={!canWrite || !hasBeats(chapter)}
                    title={hasBeats(chapter) ? undefined : "Write or draft this chapter's beats first"}
                    onClick={async () => {
                      if (!(await saver.flush())) return;
                      onClose();
                      onWriteChapter(n);
                    }}
                  >
                    {writeChapterPrompt(n)}
                  </Button>
                </div>
                {versionsOf({ level: "beats", chapter: n })}
              </li>
            );
          })}
        </ol>
        <Button
          variant="outline"
          className="h-8 gap-1.5 px-2.5 text-xs"
          disabled={board.chapters.length >= PLAN_LIMITS.chapters}
          onClick={() => change({ ...board, chapters: [...board.chapters, { title: "", beats: [] }] })}
        >
          <Plus className="h-3.5 w-3.5" aria-hidden /> Add chapter
        </Button>
      </section>
    </div>
  );
}

function Level({ id, label, hint, children }: { id: string; label: string; hint: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <p className="text-xs text-slate-500">{hint}</p>
      {children}
    </section>
  );
}
