// A work's AI badge and a list's "hidden by your AI filter" line on the server's pages (issue 29): nothing for
// human-written work, 'AI-assisted 34%', 'AI-generated'.
import { type AiLabel, aiBadgeText } from "../../shared/ai-label";
import { escapeHtml as e } from "./escape";

/** The badge as a card's chip (`<li>`), or "" for a human-written work. */
export function aiBadgeChip(work: { aiLabel: AiLabel; aiShare: number }): string {
  const text = aiBadgeText(work.aiLabel, work.aiShare);
  return text ? `<li class="ai-badge">${e(text)}</li>` : "";
}

/** The badge on its own (a story or chapter page's header), or "" for a human-written work. */
export function aiBadgeHtml(work: { aiLabel: AiLabel; aiShare: number }): string {
  const text = aiBadgeText(work.aiLabel, work.aiShare);
  return text ? `<p class="ai-badge">${e(text)}</p>` : "";
}

/** 'N works hidden by your AI filter — show', linking to the same list with every work; "" when none were. */
export function aiHiddenLine(hidden: number, showHref: string): string {
  if (hidden <= 0) return "";
  const works = `${hidden.toLocaleString("en-US")} ${hidden === 1 ? "work" : "works"}`;
  return `<p class="ai-hidden">${works} hidden by your AI filter — <a href="${e(showHref)}">show</a></p>`;
}
