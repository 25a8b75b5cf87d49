// The public pages (/s/, its chapters, /u/, /t/) for a signed-in reader. Every cache keeps one signed-out copy; a
// request with a live session gets the same bytes with two small slots redrawn for them, and that answer is never
// cached (`private, no-store`): the top bar says who is signed in and leads to the dashboard instead of 'Sign in' and
// 'Join free', and a story's closing 'Join FicForge free' box becomes 'Read in the app' with Like and Bookmark as
// script-free forms. The forms post to POST /s/{id}/like and /s/{id}/bookmark (same-origin only), which set the
// state the button showed and answer 303 back to the page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ROUTES } from "../../shared/routes";
import { loadSession } from "../accounts/sessions";
import { AppError } from "../errors";
import { sameOrigin } from "../http/form-origin";
import { readGate } from "../reading/read-story";
import { hasMarked, type MarkKind, toggleMark } from "../reading/toggle-mark";
import type { UserRow } from "../types";
import { escapeHtml as esc } from "../html/escape";
import { PAGE_CSP } from "../html/site";
import { withReaderSettings } from "../html/reader-variant";
import { readerCookieOf } from "../http/reader-cookie";

/** The account links of every public page's top bar, whichever way they were drawn. */
const NAV = /<nav class="nav" aria-label="Account">.*?<\/nav>/s;
/** The closing box of a story or chapter page, asking a signed-out reader to join. */
const JOIN = /<aside class="join" aria-labelledby="join-title">.*?<\/aside>/s;
const JOIN_TITLE = /<h2 id="join-title">.*?<\/h2>/s;

/** The viewer when the request carries a live session; no Cookie header, no lookup. */
export async function signedInViewer(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> {
  if (request.headers.cookie === undefined) return null;
  await loadSession(request.server, request, reply);
  return request.user;
}

/** The top bar for `username`: who is signed in (hidden on narrow screens, as 'Sign in' is) and the dashboard. */
export function withSignedInNav(html: string, username: string): string {
  const nav = `<nav class="nav" aria-label="Account"><a class="hide" href="${ROUTES.settings}">Signed in as <strong>${esc(username)}</strong></a><a class="btn" href="${ROUTES.dashboard}">Dashboard</a></nav>`;
  return html.replace(NAV, () => nav);
}

interface ReaderState {
  storyId: number;
  /** The page's own path, where the forms come back to. */
  path: string;
  liked: boolean;
  bookmarked: boolean;
}

function markForm(kind: MarkKind, state: ReaderState, on: boolean): string {
  const [label, done] = kind === "like" ? ["Like", "Liked"] : ["Bookmark", "Bookmarked"];
  return `<form method="post" action="/s/${state.storyId}/${kind}"><input type="hidden" name="on" value="${on ? 0 : 1}"><input type="hidden" name="back" value="${esc(state.path)}"><button class="btn${on ? " on" : ""}" aria-pressed="${on}">${on ? done : label}</button></form>`;
}

/** The story's closing box for a signed-in reader: read in the app, like, bookmark. */
export function withReaderActions(html: string, state: ReaderState): string {
  const title = JOIN_TITLE.exec(html)?.[0] ?? "";
  const box = `<aside class="join" aria-labelledby="join-title">${title}<div class="follow acts" id="reader-actions"><a class="btn" href="${ROUTES.read(state.storyId)}">Read in the app</a>${markForm("like", state, state.liked)}${markForm("bookmark", state, state.bookmarked)}</div></aside>`;
  return html.replace(JOIN, () => box);
}

/**
 * Sends a page drawn for one viewer (with their reader settings, issue 31): never stored by a browser or a shared
 * cache, and no ETag to revalidate.
 */
export function sendViewerPage(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .header("content-security-policy", PAGE_CSP)
    .header("cache-control", "private, no-store")
    .header("vary", "Accept-Encoding, Cookie")
    .type("text/html; charset=utf-8")
    .send(withReaderSettings(html, readerCookieOf(reply.request)));
}

/**
 * Answers a signed-in reader of a story page or chapter page (`identity`: the cached bytes, already known to be the
 * canonical path) with both slots redrawn; false for anyone else, who gets the shared page.
 */
export async function sendSignedInStoryPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { path: string; identity: Buffer },
  storyId: number,
): Promise<boolean> {
  const user = await signedInViewer(request, reply);
  if (!user) return false;
  const flags = await readGate(request.db, storyId, user);
  if (!flags) return false;
  const html = withReaderActions(withSignedInNav(page.identity.toString("utf8"), user.username), {
    storyId,
    path: page.path,
    ...flags,
  });
  sendViewerPage(reply, html);
  return true;
}

/** A `back` field is only ever this story's own page or one of its chapters; anything else goes to the story. */
const backTo = (storyId: number, back: unknown) =>
  typeof back === "string" && back.startsWith(`/s/${storyId}`) && /^\/s\/[^?#\s]*$/.test(back)
    ? encodeURI(decodeURI(back))
    : `/s/${storyId}`;

export async function storyFormRoutes(app: FastifyInstance): Promise<void> {
  // The forms post two short fields; parsed in this plugin only (the rest of the app takes JSON alone).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  for (const kind of ["like", "bookmark"] as const) {
    app.post<{ Params: { id: string }; Body: { on?: string; back?: string } }>(
      `/s/:id/${kind}`,
      async (request, reply) => {
        if (!sameOrigin(request, app.deps.config.APP_URL))
          return reply.status(403).send("Cross-origin request refused");
        if (!/^\d{1,9}$/.test(request.params.id)) return reply.callNotFound();
        const storyId = Number(request.params.id);
        await loadSession(app, request, reply);
        const user = request.user;
        if (!user) return reply.redirect(ROUTES.auth, 303);
        const want = request.body?.on !== "0";
        // NOTE: the state the button showed is set, not toggled, so a second submit (a double click) changes nothing.
        if ((await hasMarked(request.db, kind, storyId, user.id)) !== want) {
          const state = await toggleMark(request.db, kind, storyId, user, app.deps.now()).catch(refusedAsNothing);
          if (state) await app.deps.events.emit("story.marked", { storyId, mark: kind, durable: state.fanOut ?? null });
        }
        return reply.redirect(`${backTo(storyId, request.body?.back)}#reader-actions`, 303);
      },
    );
  }
}

/** A like refused because the author blocked the reader changes nothing and says nothing, like the API's 403. */
const refusedAsNothing = (error: unknown): null => {
  if (error instanceof AppError && error.code === "UNAVAILABLE") return null;
  throw error;
};
