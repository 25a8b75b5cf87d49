// Block, Mute and Report on the author's public page (/u/{name}), without any script. The shared page carries an empty
// slot; a signed-in viewer's copy (public-page/author-follow.ts) gets the forms, and when the viewer blocks or mutes the
// author, the works list becomes a note. The forms post to POST /u/{name}/block and /u/{name}/mute (303 back).
import type { FastifyInstance } from "fastify";
import { authorPath, ROUTES } from "../../shared/routes";
import { loadSession } from "../accounts/sessions";
import { sameOrigin } from "../http/form-origin";
import { getAuthorByNameOrThrow } from "../community/follows";
import { escapeHtml as e } from "../html/escape";
import { hidePerson, unhidePerson } from "../safety/blocks";

/** The slot: empty in the shared page; with a viewer, their Block / Mute forms and the Report link. */
export function safetySlot(viewer?: { name: string; blocked: boolean; muted: boolean }): string {
  if (!viewer) return `<div class="safety" id="safety"></div>`;
  const base = e(authorPath(viewer.name));
  const form = (what: "block" | "mute", on: boolean, label: string) =>
    `<form method="post" action="${base}/${what}"><input type="hidden" name="${what}" value="${on ? 1 : 0}"><button>${label}</button></form>`;
  const report = e(ROUTES.report("user", viewer.name));
  return `<div class="safety" id="safety">${form("block", !viewer.blocked, viewer.blocked ? "Unblock" : "Block")}${form("mute", !viewer.muted, viewer.muted ? "Unmute" : "Mute")}<a href="${report}">Report</a></div>`;
}

const SLOT = /<div class="safety" id="safety"><\/div>/;
// NOTE: the section opens with the author's tabs (issue 30), then its heading; the works after them are replaced.
const WORKS =
  /(<section class="page works" id="works"[^>]*>\s*(?:<nav[\s\S]*?<\/nav>\s*)?<h2[^>]*>[^<]*<\/h2>)[\s\S]*?(<\/section>)/;

/** The signed-in viewer's copy: their forms (none on their own page), and no works from someone they hide. */
export function viewerSafety(
  html: string,
  author: { username: string },
  hidden: { blocked: boolean; muted: boolean } | null,
): string {
  if (!hidden) return html;
  const withSlot = html.replace(SLOT, () => safetySlot({ name: author.username, ...hidden }));
  if (!hidden.blocked && !hidden.muted) return withSlot;
  const note = `<p class="hidden-note">You ${hidden.blocked ? "blocked" : "muted"} ${e(author.username)}, so their stories are hidden from you.</p>`;
  return withSlot.replace(WORKS, (_all, head: string, end: string) => `${head}\n${note}\n${end}`);
}

export async function authorSafetyRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  for (const kind of ["block", "mute"] as const) {
    app.post<{ Params: { name: string }; Body: Record<string, string | undefined> }>(
      `/u/:name/${kind}`,
      async (request, reply) => {
        if (!sameOrigin(request, app.deps.config.APP_URL))
          return reply.status(403).send("Cross-origin request refused");
        await loadSession(app, request, reply);
        const user = request.user;
        if (!user) return reply.redirect(ROUTES.auth, 303);
        const author = await getAuthorByNameOrThrow(request.db, request.params.name);
        if (author.id === user.id) return reply.status(400).send(`You can't ${kind} yourself`);
        if (request.body?.[kind] === "0") await unhidePerson(request.db, user.id, author.id, kind);
        else await hidePerson(request.db, user.id, author.id, kind, app.deps.now());
        if (kind === "block") {
          const name = request.body?.[kind] === "0" ? "user.unblocked" : "user.blocked";
          await app.deps.events.emit(name, { userId: user.id, blockedId: author.id });
        }
        return reply.redirect(authorPath(author.username), 303);
      },
    );
  }
}
