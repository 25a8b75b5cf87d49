// Issue 29: a members-only work (stories.audience = 'members') on the open web. A signed-out visitor of its page,
// chapter pages or EPUB gets this short page instead: the work's title and author and 'Sign in to read', status 200,
// kept out of search engines (noindex) and carrying none of the description or the text. Signed-in readers read it.
import type { FastifyReply, FastifyRequest } from "fastify";
import { authorPath, publicStoryPath, ROUTES } from "../../shared/routes";
import { HEAD_START, htmlDocument } from "../html/document";
import { escapeHtml as e } from "../html/escape";
import { PUBLIC_PAGE_CACHE_CONTROL, READER_PAGE_CACHE_CONTROL } from "../html/send-page";
import { withReaderSettings } from "../html/reader-variant";
import { readerCookieOf } from "../http/reader-cookie";
import { PAGE_CSP, PAGE_CSS, SITE_FOOTER, SITE_HEADER } from "../html/site";
import { signedInViewer } from "./signed-in-slot";

/** What the gate names: never the description or the text. */
export interface MembersOnly {
  title: string;
  author: string;
  /** The work's own page, where signing in returns. */
  path: string;
}

/** What a members-only work's gate names. */
export const membersOnly = (story: { id: number; title: string; authorName: string }): MembersOnly => ({
  title: story.title,
  author: story.authorName,
  path: publicStoryPath(story.id, story.title),
});

export const SIGN_IN_TO_READ = "Sign in to read";

export function renderMembersGate(work: MembersOnly): string {
  const title = e(work.title);
  const author = e(work.author);
  const next = encodeURIComponent(work.path);
  return htmlDocument(
    `${HEAD_START}
<meta name="robots" content="noindex, noai, noimageai">
<title>${title} by ${author} · FicForge</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${PAGE_CSS}</style>`,
    `${SITE_HEADER}
<main>
<section class="page members-only" aria-labelledby="gate-title">
<h1 id="gate-title">${title}</h1>
<p>by <a href="${e(encodeURI(authorPath(work.author)))}">${author}</a></p>
<p>${author} shares this work with FicForge members only. Sign in, or join free, to read it.</p>
<p><a class="btn" href="${ROUTES.auth}?next=${next}">${SIGN_IN_TO_READ}</a> <a href="${ROUTES.signUp}&amp;next=${next}">Join free</a></p>
</section>
</main>
${SITE_FOOTER}`,
  );
}

/**
 * Answers a signed-out visitor of a members-only work with the gate and returns true; false for anyone signed in
 * (and for every work for everyone), who gets the page as usual.
 */
export async function sendMembersGate(
  request: FastifyRequest,
  reply: FastifyReply,
  work: MembersOnly | undefined,
): Promise<boolean> {
  if (!work) return false;
  if (await signedInViewer(request, reply)) return false;
  const shared = renderMembersGate(work);
  const html = withReaderSettings(shared, readerCookieOf(request));
  reply
    .code(200)
    .header("content-security-policy", PAGE_CSP)
    // NOTE: the same URL answers signed-in readers with the work: shared caches keep each apart by the cookie.
    .header("cache-control", html === shared ? PUBLIC_PAGE_CACHE_CONTROL : READER_PAGE_CACHE_CONTROL)
    .header("vary", "Accept-Encoding, Cookie")
    .header("x-robots-tag", "noindex")
    .type("text/html; charset=utf-8")
    .send(html);
  return true;
}
