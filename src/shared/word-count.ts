// The one word rule, shared by the editor's live count and the server's stored counts (aiShare scales the share of
// words measured as Marin's to it, server/provenance/provenance.ts).
// A word is a run of non-space characters with at least one letter or digit, so '—', '* * *' or a lone
// quote mark are not counted, and "don't" or "well-known" count once.
const TOKEN = /\S+/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function countWordsInText(text: string): number {
  let count = 0;
  for (const [token] of text.matchAll(TOKEN)) if (LETTER_OR_DIGIT.test(token)) count += 1;
  return count;
}
