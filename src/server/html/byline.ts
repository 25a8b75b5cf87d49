// A work's byline on the server-rendered pages (issue 30): its creator, then its accepted co-creators in order, each
// linking to their author page ("by alice, bob").
import { ANONYMOUS_CREATOR } from "../../shared/anonymous";
import { authorPath } from "../../shared/routes";
import { escapeHtml as e } from "./escape";

/** The names as plain text: "alice, bob". */
export const bylineText = (authorName: string, coCreators: readonly { username: string }[] = []) =>
  [authorName, ...coCreators.map((c) => c.username)].join(", ");

/** The linked names, escaped: each `<a rel="author"><strong>name</strong></a>`, comma separated. */
export function bylineHtml(authorName: string, coCreators: readonly { username: string }[] = []): string {
  // Issue 33: an anonymous work's creator is not linked (the name is reserved: nobody holds it).
  if (authorName === ANONYMOUS_CREATOR && coCreators.length === 0) return `<strong>${ANONYMOUS_CREATOR}</strong>`;
  return [authorName, ...coCreators.map((c) => c.username)]
    .map((name) => `<a href="${e(authorPath(name))}" rel="author"><strong>${e(name)}</strong></a>`)
    .join(", ");
}

/** One `article:author` meta per name. */
export const authorMetas = (authorName: string, coCreators: readonly { username: string }[] = []) =>
  [authorName, ...coCreators.map((c) => c.username)]
    .map((name) => `<meta property="article:author" content="${e(name)}">`)
    .join("\n");

/** One creator's name linked to their page, or 'Anonymous' unlinked (issue 33); `query` goes after the path. */
export function creatorLink(name: string, query = ""): string {
  if (name === ANONYMOUS_CREATOR) return ANONYMOUS_CREATOR;
  return `<a href="${e(encodeURI(authorPath(name)) + query)}" rel="author">${e(name)}</a>`;
}
