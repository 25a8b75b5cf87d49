// Download the saved story as an EPUB e-book, Markdown, plain text or HTML, on every plan: a writer's stories are
// theirs (the account export holds them too, and readers get a published story's EPUB from its public page). Each
// format is a plain link to the export endpoint: the browser sends the session cookie and saves what it names.
import { BookOpen, Download, FileCode2, FileText, FileType2 } from "lucide-react";
import type { ReactNode } from "react";

export type ExportFormat = "epub" | "md" | "txt" | "html";

export const EXPORT_FORMATS: { format: ExportFormat; label: string; icon: ReactNode }[] = [
  { format: "epub", label: "EPUB", icon: <BookOpen className="h-4 w-4" aria-hidden /> },
  { format: "md", label: "Markdown", icon: <FileCode2 className="h-4 w-4" aria-hidden /> },
  { format: "txt", label: "Plain text", icon: <FileText className="h-4 w-4" aria-hidden /> },
  { format: "html", label: "HTML", icon: <FileType2 className="h-4 w-4" aria-hidden /> },
];

export const EXPORT_TEXT = "Download your story as an EPUB e-book, Markdown, plain text or HTML.";
export const EXPORT_FREE_NOTE = "Free on every plan: your stories are yours. You get the story as last saved.";

export function storyExportUrl(storyId: number, format: ExportFormat): string {
  return `/api/stories/${storyId}/export?format=${format}`;
}

export function StoryExport({ storyId }: { storyId: number }) {
  return (
    <section aria-labelledby="story-export-heading" className="space-y-3" data-testid="story-export">
      <div className="space-y-1">
        <h2 id="story-export-heading" className="flex items-center gap-2 text-base font-semibold text-ink">
          <Download className="h-4 w-4 text-brand-600" aria-hidden />
          Export
        </h2>
        <p className="text-sm text-slate-600">
          {EXPORT_TEXT} {EXPORT_FREE_NOTE}
        </p>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label="Export formats">
        {EXPORT_FORMATS.map(({ format, label, icon }) => (
          <li key={format}>
            <a
              href={storyExportUrl(storyId, format)}
              download=""
              className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-brand-200 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
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
