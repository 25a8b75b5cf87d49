// FicForge Plus early access: download the saved story as an EPUB e-book, Markdown, plain text or HTML. Each format is a plain
// link to the export endpoint: the browser sends the session cookie and saves the attachment the server names.
import { BookOpen, Download, FileCode2, FileText, FileType2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import { EARLY_ACCESS_FEATURES } from "../../../shared/schemas/billing";
import { cn } from "../../lib/cn";
import { PerkBadge, PlusLockedNote } from "../perks/PlusLockedNote";

export type ExportFormat = "epub" | "md" | "txt" | "html";

export const EXPORT_FORMATS: { format: ExportFormat; label: string; icon: ReactNode }[] = [
  { format: "epub", label: "EPUB", icon: <BookOpen className="h-4 w-4" aria-hidden /> },
  { format: "md", label: "Markdown", icon: <FileCode2 className="h-4 w-4" aria-hidden /> },
  { format: "txt", label: "Plain text", icon: <FileText className="h-4 w-4" aria-hidden /> },
  { format: "html", label: "HTML", icon: <FileType2 className="h-4 w-4" aria-hidden /> },
];

export const EXPORT_LOCKED_TEXT = "Story export is an early-access feature for FicForge Plus members.";
export const EXPORT_SAVED_NOTE = "You get the story as last saved.";

export function storyExportUrl(storyId: number, format: ExportFormat): string {
  return `/api/stories/${storyId}/export?format=${format}`;
}

export function StoryExport({ storyId, isPremium }: { storyId: number; isPremium: boolean }) {
  const feature = EARLY_ACCESS_FEATURES.storyExport;
  const locked = !isPremium;
  const noteId = useId();
  return (
    <section aria-labelledby="story-export-heading" className="space-y-3" data-testid="story-export">
      <div className="space-y-1">
        <h2 id="story-export-heading" className="flex items-center gap-2 text-base font-semibold text-ink">
          <Download className="h-4 w-4 text-brand-600" aria-hidden />
          Export <PerkBadge locked={locked}>Early access</PerkBadge>
        </h2>
        <p className="text-sm text-slate-600">
          {feature.text} {isPremium ? EXPORT_SAVED_NOTE : null}
        </p>
      </div>
      {locked ? <PlusLockedNote id={noteId}>{EXPORT_LOCKED_TEXT}</PlusLockedNote> : null}
      <ul className="flex flex-wrap gap-2" aria-label="Export formats">
        {EXPORT_FORMATS.map(({ format, label, icon }) => (
          <li key={format}>
            {/* NOTE: a locked format stays a focusable link without href (aria-disabled), described by the note. */}
            <a
              href={locked ? undefined : storyExportUrl(storyId, format)}
              download={locked ? undefined : ""}
              role={locked ? "link" : undefined}
              aria-disabled={locked || undefined}
              aria-describedby={locked ? noteId : undefined}
              tabIndex={0}
              className={cn(
                "inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300",
                locked
                  ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400"
                  : "border-brand-200 bg-white text-brand-800 hover:bg-brand-50",
              )}
            >
              {icon}
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
