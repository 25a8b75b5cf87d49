// How many chapters the editor's document has, by the reader's rules: its chapter headings, or one for text without.
import { prepareStoryBody } from "../reader/story-body";

export function countDocumentChapters(html: string): number {
  const body = prepareStoryBody(html);
  if (body.empty) return 0;
  return Math.max(1, body.chapters.length);
}
