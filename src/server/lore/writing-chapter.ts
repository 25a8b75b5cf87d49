// Which chapter Marin is writing in, for an entry's progression (issue 32): the chapter holding the cursor for
// 'continue' (where the end of `before` sits in the story), the selection's for 'rewrite', and the last chapter for
// chat and 'write' (which appends) — or the next one when 'write' starts a new chapter. Chapters are counted by the
// heading lines the prompt's plain text carries ('## Chapter 3', 'Chapter Three: …'; shared/chapters.ts), as the
// story's chapters are split (text before a first heading is chapter 1 only when that heading says 'Chapter 2' or
// later).
import { chapterHeadingOf, leadsOwnChapter } from "../../shared/chapters";

/** How much of the cursor's text is searched for in the story: enough to be unique, short enough to be fast. */
const ANCHOR_CHARS = 200;

/** The chapter (1-based) that holds position `at` of the story's plain text. */
export function chapterAtPosition(text: string, at: number): number {
  let chapter = 0;
  let first = true;
  let offset = 0;
  for (const line of text.slice(0, at).split("\n")) {
    const heading = chapterHeadingOf(line);
    if (heading !== null) {
      if (first)
        chapter = offset > 0 && /[\p{L}\p{N}]/u.test(text.slice(0, offset)) && leadsOwnChapter(heading) ? 1 : 0;
      first = false;
      chapter += 1;
    }
    offset += line.length + 1;
  }
  return Math.max(1, chapter);
}

/** The chapter Marin writes in for a request. */
export function writingChapter(
  storyText: string,
  request: { task: string; before?: string | null; selection?: string | null; newChapter?: boolean },
): number {
  const last = chapterAtPosition(storyText, storyText.length);
  const anchorOf = (text: string | null | undefined, fromEnd: boolean) => {
    // One paragraph of it: the editor and the prompt's text may break lines differently.
    const lines = (text ?? "")
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean);
    const trimmed = (fromEnd ? lines.at(-1) : lines[0]) ?? "";
    if (trimmed === "") return -1;
    const anchor = fromEnd ? trimmed.slice(-ANCHOR_CHARS) : trimmed.slice(0, ANCHOR_CHARS);
    const at = fromEnd ? storyText.lastIndexOf(anchor) : storyText.indexOf(anchor);
    return at < 0 ? -1 : fromEnd ? at + anchor.length : at;
  };
  if (request.task === "continue") {
    const at = anchorOf(request.before, true);
    return at < 0 ? last : chapterAtPosition(storyText, at);
  }
  if (request.task === "rewrite") {
    const at = anchorOf(request.selection, false);
    return at < 0 ? last : chapterAtPosition(storyText, at);
  }
  if (request.task === "write" && request.newChapter) return storyText.trim() === "" ? 1 : last + 1;
  return last;
}
