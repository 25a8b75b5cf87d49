// GET /t/{tag}: a tag's public page (HTML with no script, like /s/ and /u/), and GET /api/tags: autocomplete from
// the tags stories already carry, one canonical spelling each.
import { and, eq, exists, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { alias } from "drizzle-orm/pg-core";
import { TagSuggestions, TagSuggestQuery } from "../../shared/schemas/tagging";
import { OPTIONAL_SIGN_IN } from "../http/api-doc";
import { CATALOGUE_TAGS, hasControlChars, TAG_LIMITS, tagKey, tagPath, tagSpelling } from "../../shared/tagging";
import type { Db } from "../db/client";
import { freeTags, stories, storyFreeTags } from "../db/schema";
import { packPage, pageSize, sendPublicPage, varyOnCookie } from "../html/send-page";
import { sendViewerPage, signedInViewer, withSignedInNav } from "../public-page/signed-in-slot";
import { hidesAnyone } from "../safety/blocks";
import { readCacheKey } from "../read-cache/read-cache";
import { readableBy, type Viewer } from "../policies/visibility";
import { findTagName, loadTagWorks } from "./tag-page-query";
import { renderTagPage } from "./tag-page-template";
import type { AiFilter } from "../../shared/ai-label";
import type { UserRow } from "../types";
import { aiFromQuery, aiQuery, effectiveAiFilter } from "../visibility/ai-filter";

/** Thrown out of a build so the read cache keeps no answer: a tag nobody uses today may be used tomorrow. */
const NOBODY = Symbol("nobody");

/** Up to TAG_LIMITS.autocomplete names starting with `q` (any case): catalogue tags, then free-form tags in use. */
export async function suggestTags(db: Db, viewer: Viewer, q: string, kind?: string): Promise<string[]> {
  const prefix = tagKey(q);
  if (prefix === "") return [];
  const catalogue = kind ? [] : CATALOGUE_TAGS.filter((name) => name.toLowerCase().startsWith(prefix));
  const like = `${prefix.replace(/[\\%_]/g, "\\$&")}%`;
  // NOTE: only tags a story this viewer may read carries, so a draft's or a mature story's tags stay private.
  const used = db
    .select({ one: sql`1` })
    .from(storyFreeTags)
    .innerJoin(stories, eq(stories.id, storyFreeTags.storyId))
    .where(
      and(
        sql`${storyFreeTags.key} = "free_tags"."key"`,
        kind ? eq(storyFreeTags.kind, kind) : undefined,
        readableBy(viewer),
      ),
    );
  // Issue 31: a synonym's match offers its canonical tag; canonical tags come before the rest. NOTE: from the first
  // matches in key order (bounded, walking free_tags_prefix_idx), not from every tag with the prefix.
  const canonical = alias(freeTags, "canonical");
  const rows = await db
    .select({
      name: sql<string>`coalesce(${canonical.name}, ${freeTags.name})`,
      canonical: sql<boolean>`(${canonical.key} is not null or ${freeTags.canonical})`,
    })
    .from(freeTags)
    .leftJoin(canonical, eq(canonical.key, freeTags.synonymOf))
    .where(and(sql`"free_tags"."key" like ${like}`, exists(used)))
    .orderBy(freeTags.key)
    .limit(TAG_LIMITS.autocomplete * SUGGEST_CANDIDATES);
  const found = [...rows.filter((r) => r.canonical), ...rows.filter((r) => !r.canonical)].map((r) => r.name);
  return [...new Set([...catalogue, ...found])].slice(0, TAG_LIMITS.autocomplete);
}

/** Autocomplete reads this many matches per name it offers, to put canonical tags first. */
const SUGGEST_CANDIDATES = 4;

export async function tagRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  const suggestSchema = {
    summary: "Suggest tags that start with what you typed",
    security: OPTIONAL_SIGN_IN,
    querystring: TagSuggestQuery,
    response: { 200: TagSuggestions },
  };
  app.get("/api/tags", { schema: suggestSchema }, async (request, reply) => {
    const { q, kind } = request.query;
    reply.header("cache-control", "private, no-cache");
    return suggestTags(request.db, request.user, q, kind);
  });

  app.get<{ Params: { tag: string } }>("/t/:tag", { onSend: varyOnCookie }, async (request, reply) => {
    const raw = request.params.tag;
    if (raw.length > TAG_LIMITS.maxChars * 3 || hasControlChars(raw) || tagSpelling(raw) === "") {
      reply.callNotFound();
      return reply;
    }
    const fromUrl = aiFromQuery(request.query);
    // The AI filter: the URL's, else a signed-in reader's preference; the cached page is the filter's.
    const user = await signedInViewer(request, reply);
    const ai = effectiveAiFilter(fromUrl, user);
    // Kept until a story changes (the discover scope of read-cache.ts: publish, edits, likes, renames).
    const page = await root.readCache
      .remember(
        readCacheKey.discover(`tag-page:${tagKey(raw)}${ai === "any" ? "" : `:ai=${ai}`}`),
        async () => {
          const name = await findTagName(request.readDb, raw);
          if (!name) return Promise.reject(NOBODY);
          const { works, hiddenByAi } = await loadTagWorks(request.readDb, name, undefined, ai);
          const path = tagPath(name);
          const canonicalUrl = root.deps.config.APP_URL + path;
          return packPage(path, renderTagPage({ name, works, canonicalUrl, ai, hiddenByAi }));
        },
        pageSize,
      )
      .catch((error: unknown) => {
        if (error === NOBODY) return undefined;
        throw error;
      });
    // NOTE: the redirect here, not in sendPublicPage: its encodeURI would leave a '/' in a ship name unescaped.
    if (page && tagPath(raw) !== page.path) {
      return reply.header("cache-control", "public, max-age=60").redirect(page.path + aiQuery(fromUrl ?? "any"), 301);
    }
    if (page && user && (await sendViewerTagPage(reply, user, raw, page.identity, ai))) return reply;
    return sendPublicPage(request, reply, page?.path ?? "", page);
  });

  /**
   * A signed-in viewer gets the page with their top bar, never cached: the shared bytes, or (when they block or mute
   * someone) a page built for them without those authors' works. Signed out: no query at all, the shared page.
   */
  async function sendViewerTagPage(
    reply: FastifyReply,
    user: UserRow,
    raw: string,
    shared: Buffer,
    ai: AiFilter,
  ): Promise<boolean> {
    const request = reply.request;
    // Anyone signed in sees themselves in the top bar (public-page/signed-in-slot.ts).
    if (!(await hidesAnyone(request.db, user.id))) {
      sendViewerPage(reply, withSignedInNav(shared.toString("utf8"), user.username));
      return true;
    }
    const name = await findTagName(request.readDb, raw);
    if (!name) return false;
    const { works, hiddenByAi } = await loadTagWorks(request.readDb, name, user.id, ai);
    const canonicalUrl = root.deps.config.APP_URL + tagPath(name);
    const html = renderTagPage({ name, works, canonicalUrl, ai, hiddenByAi });
    sendViewerPage(reply, withSignedInNav(html, user.username));
    return true;
  }
}
