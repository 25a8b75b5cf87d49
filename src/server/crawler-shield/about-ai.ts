// GET /about/ai: the page explaining how FicForge measures and labels AI use and shields works (about-ai-text.ts),
// server-rendered with the public pages' kit, readable without JavaScript.
import type { FastifyInstance } from "fastify";
import MarkdownIt from "markdown-it";
import { htmlDocument } from "../html/document";
import { escapeHtml } from "../html/escape";
import { packPage, sendPublicPage } from "../html/send-page";
import { PAGE_CSS, pageHead, SITE_FOOTER, SITE_HEADER } from "../html/site";
import { ABOUT_AI_MARKDOWN, ABOUT_AI_TITLE } from "./about-ai-text";

export const ABOUT_AI_PATH = "/about/ai";

export function renderAboutAi(appUrl: string): string {
  const body = new MarkdownIt({ html: false, linkify: false }).render(ABOUT_AI_MARKDOWN);
  return htmlDocument(
    `${pageHead({
      title: `${escapeHtml(ABOUT_AI_TITLE)} · FicForge`,
      description: "How FicForge measures and labels AI use, and keeps AI crawlers away from writers' works.",
      canonicalUrl: appUrl + ABOUT_AI_PATH,
      ogType: "website",
      ogTitle: escapeHtml(ABOUT_AI_TITLE),
    })}
<style>${PAGE_CSS}</style>`,
    `${SITE_HEADER}
<main class="page prose about">
${body}</main>
${SITE_FOOTER}`,
  );
}

export async function aboutAiRoutes(app: FastifyInstance): Promise<void> {
  const page = packPage(ABOUT_AI_PATH, renderAboutAi(app.deps.config.APP_URL));
  app.get(ABOUT_AI_PATH, (request, reply) => sendPublicPage(request, reply, ABOUT_AI_PATH, page));
}
