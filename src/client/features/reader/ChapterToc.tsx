// The chapter list when the reader shows one chapter at a time: each entry opens its chapter (?chapter=N), the one
// shown is marked. Beside the text on wide screens, a 'Chapters' disclosure above it on phones (as ChapterNav.tsx).
import { ChevronDown, ListTree } from "lucide-react";
import { useRef } from "react";
import { Link } from "wouter";
import { cn } from "../../lib/cn";
import { chapterSearch, type ReaderChapter } from "./reader-chapters";

interface TocProps {
  chapters: ReaderChapter[];
  current: number;
  path: string;
}

function TocLinks({ chapters, current, path, onPick }: TocProps & { onPick?: () => void }) {
  return (
    <ol className="space-y-1 text-sm">
      {chapters.map((chapter) => (
        <li key={chapter.n}>
          <Link
            href={`${path}${chapterSearch({ kind: "chapter", n: chapter.n })}`}
            onClick={onPick}
            aria-current={chapter.n === current ? "page" : undefined}
            className={cn(
              "flex items-baseline justify-between gap-3 rounded-md px-2 py-1.5 hover:bg-brand-50 hover:text-brand-800",
              chapter.n === current ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-600",
            )}
          >
            <span className="min-w-0 break-words">{chapter.title}</span>
            {chapter.words !== null ? (
              <span className="shrink-0 text-xs font-normal text-slate-600">
                {chapter.words.toLocaleString("en-US")} words
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ol>
  );
}

export function ChapterTocSidebar(props: TocProps) {
  return (
    <nav aria-label="Chapters" className="sticky top-6 hidden max-h-[calc(100vh-3rem)] overflow-y-auto lg:block">
      <p className="mb-2 px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Chapters</p>
      <TocLinks {...props} />
    </nav>
  );
}

export function ChapterTocMenu(props: TocProps) {
  const details = useRef<HTMLDetailsElement>(null);
  const title = props.chapters[props.current - 1]?.title;
  return (
    <details
      ref={details}
      className="group sticky top-2 z-10 mb-8 rounded-xl border border-brand-100 bg-white/95 shadow-sm backdrop-blur lg:hidden"
      data-testid="reader-chapter-menu"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2.5 text-sm font-semibold text-ink [&::-webkit-details-marker]:hidden">
        <ListTree className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
        <span className="sr-only">Chapters: </span>
        <span className="min-w-0 truncate">{title}</span>
        <span className="shrink-0 font-normal text-slate-500">
          {props.current}/{props.chapters.length}
        </span>
        <ChevronDown className="ml-auto h-4 w-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <nav aria-label="Chapters" className="max-h-[50vh] overflow-y-auto border-t border-brand-100 p-2">
        <TocLinks {...props} onPick={() => details.current?.removeAttribute("open")} />
      </nav>
    </details>
  );
}
