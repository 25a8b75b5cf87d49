// What FicForge does with AI, for writers and readers: served as /about/ai and kept word for word as
// docs/ai-and-your-work.md (a test compares them), so the page and the repository never tell two stories.

export const ABOUT_AI_TITLE = "AI and your work on FicForge";

export const ABOUT_AI_MARKDOWN = `# AI and your work on FicForge

FicForge is built around Marin, an AI writing assistant. This page says plainly how we measure what Marin wrote,
what the labels on works mean, what Marin sends to an AI provider, and how we keep AI crawlers away from your works.

## How Marin's share of a work is measured

Every time Marin gives a writer text (a generated scene, Continue, Rewrite, Regenerate, the opening scene, or a chat
answer), the server keeps a fingerprint of it: hashes of every run of 8 words in a row. The words themselves are not
kept again; a fingerprint cannot be turned back into text.

Each time the writer saves or publishes, the server reads the story's words and counts how many lie in runs of words
found among that writer's fingerprints. That count, out of all the words, is Marin's share.

- The share comes from the words alone. Removing the editor's markings, cutting and pasting text back, moving it to
  another of your stories, or splitting paragraphs does not change it.
- Words you type inside or over Marin's text are yours. A word changed here and there still leaves Marin's text
  Marin's; rewriting it in your own words makes it yours.
- Text from anywhere else (an import, a paste from another tool) cannot be measured. That is what the declaration
  is for: when you publish, say whether you used other AI tools. You cannot declare less than was measured.

The technical details, with a table of cases, are in the project's docs/ai-measurement.md.

## What the labels mean

- **AI-generated**: Marin wrote at least half of the work's words, or the writer declared it AI-generated.
- **AI-assisted N%**: some of the words are Marin's (N is the measured share), or the writer declared AI
  assistance.
- No badge: human-written. Nothing was measured and nothing was declared.

The label is shown on every card, in the reader, on the public page and chapter pages, in feeds and in the EPUB.

## Choosing what you read

Readers can hide AI-generated works, or read only human-written ones: in Discover's filters for one visit, or in
Settings for every list (Discover, tag pages, author pages and the Following feed). A list always says how many
works your filter hid, with a link to show them.

## What Marin sends to an AI provider, and when

Only when you ask Marin for something (a chat message, a generation, Continue, Rewrite), and only for the story you
are working on: its title and story details (characters, setting, plot ideas, themes, moods, fandoms), the recent
part of its text (up to about 16,000 characters), the selection you asked about, the lorebook entries your text
mentions, recent chat turns, and, for FicForge Plus, the story's memory (its characters and a summary of earlier
chapters). Nothing is sent for other writers' requests, and nothing of your other stories.

Where the provider offers an option not to keep requests, FicForge uses it: requests to OpenAI are sent with
\`store: false\`. OpenAI and Anthropic state that they do not train their models on API requests by default. The
built-in offline storyteller sends nothing anywhere.

## Members-only works

A writer can publish a work for members only. Signed-out visitors, feeds and the sitemap then see only its title
and author with "Sign in to read"; signed-in readers read it as usual.

## Keeping AI crawlers away

- **robots.txt** names the known AI crawlers (GPTBot, CCBot, ClaudeBot, Google-Extended, Applebot-Extended,
  PerplexityBot, Bytespider, meta-externalagent and others) and asks them to read nothing. Ordinary search engines
  stay allowed.
- Every public page, chapter page, feed and EPUB download says **noai, noimageai** (an \`X-Robots-Tag\` header and a
  robots meta tag) and reserves text and data mining rights under the TDM Reservation Protocol
  (\`tdm-reservation: 1\` and /.well-known/tdmrep.json).
- A request whose User-Agent names one of those crawlers is refused.
- Signed-out reading is limited per address (a few hundred pages a minute, far more than a person reads), so a
  scraper cannot copy the archive quickly.

What this does not stop: robots.txt and the reservation are requests that honest crawlers follow; a scraper can
pretend to be a browser, and a patient one can read slowly from many addresses. Members-only works are not on the
open web at all, which is the strongest protection we offer.
`;
