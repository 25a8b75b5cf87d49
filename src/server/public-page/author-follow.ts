// 'Follow' on the author's public page (/u/{name}), without any script. The shared, cached page carries the follower
// count and a sign-in link: what every signed-out visitor (and any cache) gets. A request with a live session gets
// the same bytes with that one slot redrawn for the viewer — a small form that follows or unfollows — and is never
// cached (`private, no-store`); its top bar leads to the dashboard instead of 'Sign in'. The form posts to POST /u/{name}/follow, which answers 303 back to the page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { authorPath, ROUTES } from "../../shared/routes";
import { FOLLOW_SELF } from "../../shared/schemas/community";
import { loadSession } from "../accounts/sessions";
import { AppError } from "../errors";
import { sameOrigin } from "../http/form-origin";
import { viewerSafety } from "./author-safety";
import { hides } from "../safety/blocks";
import { follow, followState, getAuthorByNameOrThrow, unfollow } from "../community/follows";
import { escapeHtml as e } from "../html/escape";
import { plural } from "../html/site";
import { sendViewerPage, withSignedInNav } from "./signed-in-slot";

interface Viewer {
  /** Whether the viewer follows the author; null for the author's own page. */
  following: boolean | null;
  name: string;
}

const followers = (n: number) => `<span>${plural(n, "follower", "followers")}</span>`;

/** The slot's HTML: the signed-out form (a sign-in link) without a viewer, else the viewer's form. */
export function followSlot(followerCount: number, viewer?: Viewer): string {
  let action = `<a class="btn" href="${ROUTES.auth}">Sign in to follow</a>`;
  if (viewer?.following === null) action = "";
  else if (viewer) {
    const path = e(`${authorPath(viewer.name)}/follow`);
    action = viewer.following
      ? `<form method="post" action="${path}"><input type="hidden" name="follow" value="0"><button class="btn on" aria-pressed="true">Following</button></form>`
      : `<form method="post" action="${path}"><input type="hidden" name="follow" value="1"><button class="btn">Follow</button></form>`;
  }
  return `<div class="follow" id="follow">${followers(followerCount)}${action}</div>`;
}

const refusedAsNothing = (error: unknown): null => {
  if (error instanceof AppError && error.code === "UNAVAILABLE") return null;
  throw error;
};

const SLOT = /<div class="follow" id="follow">.*?<\/div>/s;

/**
 * Answers a signed-in viewer with `identity` (the cached page's bytes) and the slot redrawn for them; false when the
 * request has no live session (the caller then sends the shared page).
 */
export async function sendViewerAuthorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  identity: Buffer,
  authorName: string,
): Promise<boolean> {
  if (request.headers.cookie === undefined) return false;
  await loadSession(request.server, request, reply);
  const user = request.user;
  if (!user) return false;
  const author = await getAuthorByNameOrThrow(request.db, authorName);
  const state = await followState(request.db, author.id, user.id);
  const slot = followSlot(state.followerCount, {
    following: author.id === user.id ? null : state.following,
    name: author.username,
  });
  const html = withSignedInNav(
    viewerSafety(
      identity.toString("utf8").replace(SLOT, () => slot),
      author,
      user.id === author.id ? null : await hides(request.db, user.id, author.id),
    ),
    user.username,
  );
  sendViewerPage(reply, html);
  return true;
}

export async function authorFollowRoutes(app: FastifyInstance): Promise<void> {
  // The page's form posts one field; parsed in this plugin only (the rest of the app takes JSON alone).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post<{ Params: { name: string }; Body: { follow?: string } }>("/u/:name/follow", async (request, reply) => {
    if (!sameOrigin(request, app.deps.config.APP_URL)) return reply.status(403).send("Cross-origin request refused");
    await loadSession(app, request, reply);
    const user = request.user;
    if (!user) return reply.redirect(ROUTES.auth, 303);
    const author = await getAuthorByNameOrThrow(request.db, request.params.name);
    const ids = { authorId: author.id, followerId: user.id };
    if (request.body?.follow === "0") {
      await unfollow(request.db, author.id, user.id);
      await app.deps.events.emit("user.unfollowed", ids);
    } else if (author.id === user.id) return reply.status(400).send(FOLLOW_SELF);
    else {
      // NOTE: a refused follow (the author blocked the viewer) changes nothing and says nothing, like the API's 403.
      const durable = await follow(request.db, author.id, user.id, app.deps.now()).catch(refusedAsNothing);
      await app.deps.events.emit("user.followed", { ...ids, durable: durable ?? null });
    }
    return reply.redirect(authorPath(author.username), 303);
  });
}
