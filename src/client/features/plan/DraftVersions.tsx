// Marin's drafts of one level of the board, side by side: step between them (← 2/3 →), ask for another version (one
// prompt each), then 'Use this' puts the one shown on the board; nothing Marin drafts lands there unseen.
import { ChevronLeft, ChevronRight, RefreshCw } from "lucide-react";
import { Button } from "../../components/ui/button";
import { draftText, type Versions } from "./plan-board";

export function DraftVersions({
  label,
  versions,
  busy,
  onStep,
  onAnother,
  onUse,
  onDiscard,
}: {
  label: string;
  versions: Versions;
  busy: boolean;
  onStep: (by: -1 | 1) => void;
  onAnother: () => void;
  onUse: () => void;
  onDiscard: () => void;
}) {
  const draft = versions.drafts[versions.at]!;
  const lines = draftText(draft);
  const count = versions.drafts.length;
  return (
    <section
      aria-label={label}
      className="mt-2 space-y-2 rounded-xl border border-brand-200 bg-brand-50/60 p-3"
      data-testid="plan-draft"
    >
      {draft.level === "synopsis" ? (
        <p className="whitespace-pre-line text-sm text-ink">{lines[0]}</p>
      ) : lines.length === 0 ? (
        <p className="text-sm text-slate-600">Marin's draft came back empty. Ask for another version.</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        <Button
          variant="ghost"
          size="icon"
          className="h-8 w-8"
          aria-label="Previous version"
          disabled={versions.at === 0}
          onClick={() => onStep(-1)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <span className="text-xs tabular-nums text-slate-600" aria-live="polite">
          {versions.at + 1}/{count}
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="h-8 w-8"
          aria-label="Next version"
          disabled={versions.at === count - 1}
          onClick={() => onStep(1)}
        >
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
        <Button variant="outline" className="h-8 gap-1.5 px-2.5 text-xs" disabled={busy} onClick={onAnother}>
          <RefreshCw className="h-3.5 w-3.5" aria-hidden /> Another version
        </Button>
        <Button className="h-8 px-2.5 text-xs" disabled={lines.length === 0} onClick={onUse}>
          Use this
        </Button>
        <Button variant="ghost" className="h-8 px-2.5 text-xs" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}
