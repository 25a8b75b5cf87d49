// The shell every server-rendered page shares: doctype, language, the head's first lines, and a CSP that allows
// the page's one inline stylesheet by its hash and no script at all.
import { createHash } from "node:crypto";

/** The `<head>` lines every page starts with. */
export const HEAD_START = `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">`;

/** A whole page from its head and body (both already escaped markup). */
export function htmlDocument(head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}

/** A small page search engines should not list (checkout, unsubscribe): the head's first lines, title and style. */
export const noindexHead = (escapedTitle: string, css: string) => `${HEAD_START}
<meta name="robots" content="noindex">
<title>${escapedTitle} · FicForge</title>
<style>${css}</style>`;

/**
 * The CSP of a page that runs no script: nothing but `css` (allowed by its hash) and what `extra` adds; forms post
 * to this origin only and no other site may frame it.
 */
export function styleOnlyCsp(css: string, extra: readonly string[] = []): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${createHash("sha256").update(css).digest("base64")}'`,
    ...extra,
    "script-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
