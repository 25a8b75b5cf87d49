// A work's byline on the server-rendered pages (issue 30): its creator, then its accepted co-creators in order, each
// linking to their author page ("by alice, bob").
import { authorPath } from "../../shared/routes";
import { escapeHtml as e } from "./escape";

/** The names as plain text: "alice, bob". */
export const bylineText = (authorName: string, coCreators: readonly { username: string }[] = []) =>
  [authorName, ...coCreators.map((c) => c.username)].join(", ");

/** The linked names, escaped: each `<a rel="author"><strong>name</strong></a>`, comma separated. */
export function bylineHtml(authorName: string, coCreators: readonly { username: string }[] = []): string {
  return [authorName, ...coCreators.map((c) => c.username)]
    .map((name) => `<a href="${e(authorPath(name))}" rel="author"><strong>${e(name)}</strong></a>`)
    .join(", ");
}

/** One `article:author` meta per name. */
export const authorMetas = (authorName: string, coCreators: readonly { username: string }[] = []) =>
  [authorName, ...coCreators.map((c) => c.username)]
    .map((name) => `<meta property="article:author" content="${e(name)}">`)
    .join("\n");
