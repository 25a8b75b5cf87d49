// The reader's progress (reading-progress.ts): a thin bar of the chapter read and 'N min left in this chapter',
// following the scroll, at the foot of the screen while the text is on it.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { minutesLeftText, type Progress, progressAt, type Segment, segmentsOf } from "./reading-progress";

export function ReadingProgress({
  text,
  chapterIds,
  children,
}: {
  text: string;
  chapterIds: readonly string[];
  children: ReactNode;
}) {
  const holder = useRef<HTMLDivElement>(null);
  // NOTE: by value: a new list with the same ids on every render must not start the measuring over.
  const ids = chapterIds.join("\n");
  const [progress, setProgress] = useState<Progress | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new text is a new article to measure.
  useEffect(() => {
    const article = holder.current?.querySelector("article");
    if (!article) return;
    let segments: Segment[] = [];
    let frame = 0;
    const measure = () => {
      const starts = (ids ? ids.split("\n") : [])
        .map((id) => document.getElementById(id))
        .filter((el): el is HTMLElement => el !== null);
      segments = segmentsOf(article, starts);
    };
    const update = () => {
      frame = 0;
      setProgress(progressAt(segments, window.scrollY, window.scrollY + window.innerHeight));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const remeasure = () => {
      measure();
      schedule();
    };
    remeasure();
    // Fonts, images and the reader's own settings change where things are.
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(remeasure);
    resized?.observe(article);
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", remeasure);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      resized?.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", remeasure);
    };
  }, [text, ids]);

  return (
    <div ref={holder}>
      {children}
      {progress && (
        <div className="reader-progress" data-testid="reading-progress">
          <div
            className="reader-progress__track"
            role="progressbar"
            aria-label="Chapter read"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress.fraction * 100)}
          >
            <div className="reader-progress__bar" style={{ transform: `scaleX(${progress.fraction})` }} />
          </div>
          <p className="mt-1 text-right text-xs font-medium text-slate-600" data-testid="reading-progress-left">
            {minutesLeftText(progress.minutesLeft)}
          </p>
        </div>
      )}
    </div>
  );
}
