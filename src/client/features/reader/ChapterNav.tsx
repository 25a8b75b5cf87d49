// The chapter list (from the body's h2 headings): a sticky list beside the text on wide screens, a compact
// 'Chapters' menu above it on phones.
import { ChevronDown, ListTree } from "lucide-react";
import { useRef } from "react";
import type { Chapter } from "./story-body";

function ChapterLinks({ chapters, onPick }: { chapters: Chapter[]; onPick?: () => void }) {
  return (
    <ol className="space-y-1 text-sm">
      {chapters.map((chapter) => (
        <li key={chapter.id}>
          <a
            href={`#${chapter.id}`}
            onClick={onPick}
            className="block rounded-md px-2 py-1.5 text-slate-600 hover:bg-brand-50 hover:text-brand-800"
          >
            {chapter.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** Beside the text, from the lg breakpoint up. */
export function ChapterSidebar({ chapters }: { chapters: Chapter[] }) {
  return (
    <nav aria-label="Chapters" className="sticky top-6 hidden max-h-[calc(100vh-3rem)] overflow-y-auto lg:block">
      <p className="mb-2 px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Chapters</p>
      <ChapterLinks chapters={chapters} />
    </nav>
  );
}

/** Above the text, below the lg breakpoint: a disclosure that closes once a chapter is picked. */
export function ChapterMenu({ chapters }: { chapters: Chapter[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details
      ref={details}
      className="group sticky top-2 z-10 mb-8 rounded-xl border border-brand-100 bg-white/95 shadow-sm backdrop-blur lg:hidden"
      data-testid="reader-chapter-menu"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2.5 text-sm font-semibold text-ink [&::-webkit-details-marker]:hidden">
        <ListTree className="h-4 w-4 text-brand-600" aria-hidden />
        Chapters
        <span className="font-normal text-slate-500">({chapters.length})</span>
        <ChevronDown className="ml-auto h-4 w-4 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <nav aria-label="Chapters" className="max-h-[50vh] overflow-y-auto border-t border-brand-100 p-2">
        <ChapterLinks chapters={chapters} onPick={() => details.current?.removeAttribute("open")} />
      </nav>
    </details>
  );
}
