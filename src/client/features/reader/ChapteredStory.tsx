// The story's text in the reader (issue 17 section 3): a story with two or more chapters shows one chapter at a time
// with Previous / Next and a chapter list, or the entire work; the choice lives in the URL (?chapter=3, ?chapter=all),
// so a link keeps it and Back restores it. A story without chapter markers shows as one text, with no list.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Link, useLocation, useSearch } from "wouter";
import type { ReadStoryView } from "../../../shared/schemas/reading";
import { buttonVariants } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { ChapterMenu, ChapterSidebar } from "./ChapterNav";
import { ChapterTocMenu, ChapterTocSidebar } from "./ChapterToc";
import { ParagraphComments } from "./ParagraphComments";
import { StoryBody } from "./StoryBody";
import { chapterSearch, parseChapterView, type ReaderChapter, splitReaderChapters } from "./reader-chapters";
import type { ReaderBody } from "./story-body";
import { ReadingTracker } from "../reading-stats/ReadingTracker";
import { ReadingProgress } from "../reader-settings/ReadingProgress";

function ViewToggle({ all, path }: { all: boolean; path: string }) {
  const item = (active: boolean) =>
    cn(
      "whitespace-nowrap rounded-md px-2 py-1.5 text-center text-[13px] font-semibold transition-colors sm:px-3 sm:text-sm",
      active ? "bg-white text-brand-800 shadow-sm" : "text-slate-600 hover:text-brand-800",
    );
  return (
    <nav
      className="grid w-full grid-cols-2 rounded-lg bg-brand-50 p-1 sm:inline-grid sm:w-auto"
      aria-label="Chapter by chapter or entire work"
    >
      <Link
        href={`${path}${chapterSearch({ kind: "chapter", n: 1 })}`}
        className={item(!all)}
        aria-current={all ? undefined : "true"}
      >
        Chapter by chapter
      </Link>
      <Link
        href={`${path}${chapterSearch({ kind: "all" })}`}
        className={item(all)}
        aria-current={all ? "true" : undefined}
        data-testid="reader-entire-work"
      >
        Entire work
      </Link>
    </nav>
  );
}

function Pager({ chapters, n, path }: { chapters: ReaderChapter[]; n: number; path: string }) {
  const prev = chapters[n - 2];
  const next = chapters[n];
  const link = buttonVariants({ variant: "outline", size: "md" });
  return (
    <nav className="mt-10 flex items-center justify-between gap-3" aria-label="Previous and next chapter">
      {prev ? (
        <Link href={`${path}${chapterSearch({ kind: "chapter", n: prev.n })}`} className={link} rel="prev">
          <ChevronLeft className="h-4 w-4" aria-hidden />
          Previous
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link href={`${path}${chapterSearch({ kind: "chapter", n: next.n })}`} className={link} rel="next">
          Next
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function ChapteredStory({
  story,
  body,
  signedIn,
}: {
  story: ReadStoryView;
  body: ReaderBody;
  signedIn: boolean;
}) {
  const chapters = useMemo(
    () => (body.empty ? [] : splitReaderChapters(body.html, story.title, story.chapters)),
    [body, story.title, story.chapters],
  );
  const search = useSearch();
  const [path] = useLocation();
  const view = parseChapterView(search, chapters.length);
  const top = useRef<HTMLDivElement>(null);
  const shown = view.kind === "all" ? "all" : view.n;
  const first = useRef(true);
  const bodyHost = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A new chapter starts at its top; the first render keeps the page where the browser put it.
    if (first.current) first.current = false;
    else if (shown !== undefined) top.current?.scrollIntoView({ block: "start" });
  }, [shown]);

  // Read-through and resume (reading-stats): which chapter shows, when one of several does.
  const tracker = (
    <ReadingTracker
      storyId={story.id}
      signedIn={signedIn}
      shown={chapters.length >= 2 && view.kind === "chapter" ? { n: view.n, count: chapters.length } : undefined}
    />
  );
  if (chapters.length < 2) {
    return (
      <div className="reader-layout">
        {tracker}
        <div className="min-w-0" ref={bodyHost}>
          <ReadingProgress text={body.html} chapterIds={body.chapters.map((c) => c.id)}>
            <StoryBody body={body} lang={story.language} />
          </ReadingProgress>
          {body.empty ? null : (
            <ParagraphComments
              storyId={String(story.id)}
              chapter={1}
              html={body.html}
              host={bodyHost}
              signedIn={signedIn}
            />
          )}
        </div>
      </div>
    );
  }
  const current = view.kind === "chapter" ? chapters[view.n - 1]! : undefined;
  return (
    <div className="reader-layout reader-layout--chapters" ref={top} style={{ scrollMarginTop: "1rem" }}>
      {tracker}
      <div className="min-w-0">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <ViewToggle all={!current} path={path} />
          {current ? (
            <p className="text-sm text-slate-500" data-testid="reader-chapter-position">
              Chapter {current.n} of {chapters.length}
            </p>
          ) : null}
        </div>
        {current ? (
          <>
            <ChapterTocMenu chapters={chapters} current={current.n} path={path} />
            <div ref={bodyHost}>
              <ReadingProgress text={current.html} chapterIds={[]}>
                <StoryBody body={{ html: current.html, chapters: [], empty: false }} lang={story.language} />
              </ReadingProgress>
              <ParagraphComments
                storyId={String(story.id)}
                chapter={current.n}
                html={current.html}
                host={bodyHost}
                signedIn={signedIn}
              />
            </div>
            <Pager chapters={chapters} n={current.n} path={path} />
          </>
        ) : (
          <>
            <ChapterMenu chapters={body.chapters} />
            <ReadingProgress text={body.html} chapterIds={body.chapters.map((c) => c.id)}>
              <StoryBody body={body} lang={story.language} />
            </ReadingProgress>
          </>
        )}
      </div>
      {current ? (
        <ChapterTocSidebar chapters={chapters} current={current.n} path={path} />
      ) : (
        <ChapterSidebar chapters={body.chapters} />
      )}
    </div>
  );
}
