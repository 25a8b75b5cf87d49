// The crawlers that collect text for training or answering with AI models, named by the tokens their operators
// document for robots.txt. One list: robots.txt disallows them and the User-Agent check refuses them.
// NOTE: Google-Extended and Applebot-Extended are robots.txt tokens only (those companies crawl as Googlebot and
// Applebot, which stay allowed for search); naming them in robots.txt is what keeps works out of their models.

export const AI_CRAWLERS = [
  "GPTBot",
  "ChatGPT-User",
  "CCBot",
  "ClaudeBot",
  "Claude-Web",
  "Claude-User",
  "anthropic-ai",
  "Google-Extended",
  "Applebot-Extended",
  "PerplexityBot",
  "Perplexity-User",
  "Bytespider",
  "meta-externalagent",
  "meta-externalfetcher",
  "FacebookBot",
  "cohere-ai",
  "cohere-training-data-crawler",
  "Diffbot",
  "Omgilibot",
  "Omgili",
  "ImagesiftBot",
  "Amazonbot",
  "Timpibot",
  "YouBot",
  "AI2Bot",
  "Ai2Bot-Dolma",
  "img2dataset",
  "Webzio-Extended",
  "DuckAssistBot",
  "MistralAI-User",
  "PanguBot",
  "Kangaroo Bot",
  "iaskspider",
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A token counts only as a whole name: 'Omgili' in 'Omgilibot' is that bot, 'GPTBot/1.1' is GPTBot.
const CRAWLER_PATTERN = new RegExp(
  `(?<![A-Za-z0-9-])(?:${[...AI_CRAWLERS]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})(?![A-Za-z0-9-])`,
  "i",
);

/** Whether a User-Agent names one of the AI crawlers (case-insensitive, whole tokens). */
export function namesAiCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && userAgent.length <= 1024 && CRAWLER_PATTERN.test(userAgent);
}

/**
 * robots.txt: the app's own screens are off-limits to every crawler; with the block on, each AI crawler is refused
 * everything. Ends with the sitemap.
 */
export function robotsTxt(appUrl: string, block: boolean): string {
  const lines: string[] = [];
  if (block) {
    lines.push("# AI crawlers: FicForge's writers do not offer their works for training or AI answers.");
    lines.push("# Details: /about/ai");
    for (const name of AI_CRAWLERS) lines.push(`User-agent: ${name}`);
    lines.push("Disallow: /", "");
  }
  lines.push("User-agent: *", "Allow: /", "Disallow: /dashboard", "Disallow: /api/", "");
  lines.push(`Sitemap: ${appUrl}/sitemap.xml`, "");
  return lines.join("\n");
}

/** The TDM Reservation Protocol's site file: text and data mining rights are reserved everywhere, with the policy page. */
export function tdmrepJson(appUrl: string): string {
  return `${JSON.stringify([{ location: "/", "tdm-reservation": 1, "tdm-policy": `${appUrl}/about/ai` }], null, 2)}\n`;
}
