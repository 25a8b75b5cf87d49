// Royal Road's progress in the reader, without React: where each chapter of the shown text starts and ends on the
// page, how many words it holds, and from the scroll position how much of the current one is read and the minutes
// left at the reading speed the app assumes everywhere (WORDS_PER_MINUTE).
import { WORDS_PER_MINUTE } from "../../../shared/schemas/reader-settings";

export interface Segment {
  /** Page offsets (px from the document's top). */
  top: number;
  bottom: number;
  words: number;
}

export interface Progress {
  /** 0–1: how much of the current chapter has been on screen. */
  fraction: number;
  minutesLeft: number;
}

const countWords = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;

/**
 * The chapters in `article`: one segment per start element (a chapter heading or section), the first from the
 * article's top; the whole article when there are none.
 */
export function segmentsOf(article: HTMLElement, starts: readonly Element[]): Segment[] {
  const scroll = window.scrollY;
  const box = article.getBoundingClientRect();
  const articleTop = box.top + scroll;
  const articleBottom = box.bottom + scroll;
  const edges = starts.filter((el) => article.contains(el) && el !== article);
  const range = document.createRange();
  const segments: Segment[] = [];
  for (let i = 0; i <= edges.length; i++) {
    const from = i === 0 ? null : edges[i - 1]!;
    const to = edges[i] ?? null;
    if (from) range.setStartBefore(from);
    else range.setStart(article, 0);
    if (to) range.setEndBefore(to);
    else range.setEnd(article, article.childNodes.length);
    const top = from ? from.getBoundingClientRect().top + scroll : articleTop;
    const bottom = to ? to.getBoundingClientRect().top + scroll : articleBottom;
    segments.push({ top, bottom, words: countWords(range.toString()) });
  }
  // Text before the first chapter's heading belongs to the first chapter.
  if (segments.length > 1 && segments[0]!.words === 0) {
    const [first, second] = segments;
    segments.splice(0, 2, { top: first!.top, bottom: second!.bottom, words: second!.words });
  }
  return segments;
}

/** The progress in the chapter the reader is in, for a window showing page offsets viewTop to viewBottom. */
export function progressAt(segments: readonly Segment[], viewTop: number, viewBottom: number): Progress | null {
  if (segments.length === 0) return null;
  // The chapter being read: the last one that starts above the upper third of the screen.
  const line = viewTop + (viewBottom - viewTop) / 3;
  let current = segments[0]!;
  for (const segment of segments) if (segment.top <= line) current = segment;
  const height = Math.max(1, current.bottom - current.top);
  const fraction = Math.min(1, Math.max(0, (viewBottom - current.top) / height));
  return { fraction, minutesLeft: Math.ceil((current.words * (1 - fraction)) / WORDS_PER_MINUTE) };
}

export const minutesLeftText = (minutes: number) => `${minutes} min left in this chapter`;
