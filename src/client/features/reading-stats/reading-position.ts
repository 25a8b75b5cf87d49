// Where the reader is in the story's text, as the server keeps it (decision 0031): the chapter (1-based, from the
// body's h2 headings; 1 for a story without them), how far through that chapter (0..1) and through the whole
// (0..1). A fraction of one chapter survives another screen width and edits to other chapters, where a pixel
// offset or a paragraph index of the whole story would not.
import type { Progress } from "../../../shared/schemas/reading-stats";

/** The line of the viewport that counts as "being read": a quarter of the way down. */
const READING_LINE = 0.25;

interface Layout {
  /** Document y of the body's top and bottom. */
  top: number;
  bottom: number;
  /** Document y of each chapter heading, in order (empty: the story is one chapter). */
  headings: number[];
  /** The reading line's document y, and whether the page is scrolled to its end. */
  line: number;
  atEnd: boolean;
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));
const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Chapter i's span (0-based) in document y. */
function span(layout: Layout, i: number): [number, number] {
  const starts = layout.headings.length > 0 ? layout.headings : [layout.top];
  return [i === 0 ? Math.min(starts[0]!, layout.top) : starts[i]!, starts[i + 1] ?? layout.bottom];
}

export function positionOf(layout: Layout): Progress {
  const count = Math.max(1, layout.headings.length);
  if (layout.atEnd) return { chapter: count, position: 1, overall: 1 };
  let index = 0;
  for (let i = 0; i < layout.headings.length; i++) if (layout.headings[i]! <= layout.line) index = i;
  const [start, end] = span(layout, index);
  return {
    chapter: index + 1,
    position: round(clamp((layout.line - start) / Math.max(1, end - start))),
    overall: round(clamp((layout.line - layout.top) / Math.max(1, layout.bottom - layout.top))),
  };
}

/** The window scroll that puts `progress` back on the reading line (chapters past the end go to the last). */
export function scrollFor(layout: Omit<Layout, "line" | "atEnd">, progress: Progress, viewport: number): number {
  const count = Math.max(1, layout.headings.length);
  const [start, end] = span({ ...layout, line: 0, atEnd: false }, Math.min(progress.chapter, count) - 1);
  return Math.max(0, start + progress.position * (end - start) - viewport * READING_LINE);
}

/** Reads the layout of `body` (the article holding the story) from the live page. */
export function measure(body: HTMLElement): Layout {
  const y = window.scrollY;
  const box = body.getBoundingClientRect();
  const headings = Array.from(body.querySelectorAll("h2[id]")).map((h) => h.getBoundingClientRect().top + y);
  const viewport = window.innerHeight;
  return {
    top: box.top + y,
    bottom: box.bottom + y,
    headings: headings.length >= 2 ? headings : [],
    line: y + viewport * READING_LINE,
    atEnd: y + viewport >= document.documentElement.scrollHeight - 2 && y > 0,
  };
}
