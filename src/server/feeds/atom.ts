// Atom 1.0 documents (RFC 4287), written out by hand: a feed is a few fixed elements, every text escaped for XML and
// stripped of characters XML 1.0 cannot hold. Ids are tag: URIs (RFC 4151) minted from APP_URL's host, the date the
// thing was created and its database id, so a rename or a republish never changes them.
import { escapeXml } from "../html/escape";
import { type AiLabel, aiBadgeText } from "../../shared/ai-label";

export interface AtomPerson {
  name: string;
  uri?: string;
}

export interface AtomEntry {
  id: string;
  title: string;
  /** Absolute URL of the entry's HTML page. */
  url: string;
  published: Date;
  updated: Date;
  summary?: string;
  categories?: string[];
  /** Issue 29: the work's AI label, written as a category in the urn:ficforge:ai scheme. */
  ai?: { aiLabel: AiLabel; aiShare: number };
  author?: AtomPerson;
  /** Issue 30: a co-written work's co-creators, an <author> each after `author`. */
  coAuthors?: AtomPerson[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  updated: Date;
  /** Absolute URLs: the feed itself and the page it follows. */
  selfUrl: string;
  htmlUrl: string;
  author: AtomPerson;
  /** Issue 30: a co-written work's co-creators, an <author> each after `author`. */
  coAuthors?: AtomPerson[];
  generatorUri: string;
  entries: AtomEntry[];
}

// Characters outside XML 1.0's Char production (C0 controls but tab and newlines, U+FFFE/FFFF, lone surrogates).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for XML element content and quoted attribute values. */
export const xmlText = (text: string) => escapeXml(text.replace(NOT_XML, ""));

/** A tag: URI for `specific` (e.g. `story/12`) under the app's host, dated by when the thing was created. */
export function tagUri(appUrl: string, created: Date, specific: string): string {
  return `tag:${new URL(appUrl).hostname},${created.toISOString().slice(0, 10)}:${specific}`;
}

const person = (tag: string, p: AtomPerson) =>
  `<${tag}><name>${xmlText(p.name)}</name>${p.uri ? `<uri>${xmlText(p.uri)}</uri>` : ""}</${tag}>`;

/** The scheme of the AI label's category: term none, assisted or generated. */
export const AI_CATEGORY_SCHEME = "urn:ficforge:ai";

/**
 * The AI label as a category. A human-written work gets term "none" (labelled "Human-written") rather than no
 * category, so a feed reader can tell it from an entry written before labels existed.
 */
function aiCategory(ai: { aiLabel: AiLabel; aiShare: number }): string {
  const label = aiBadgeText(ai.aiLabel, ai.aiShare) ?? "Human-written";
  return `<category scheme="${AI_CATEGORY_SCHEME}" term="${ai.aiLabel}" label="${xmlText(label)}"/>`;
}

function entry(item: AtomEntry): string {
  return [
    "<entry>",
    `<id>${xmlText(item.id)}</id>`,
    `<title type="text">${xmlText(item.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${xmlText(item.url)}"/>`,
    `<published>${item.published.toISOString()}</published>`,
    `<updated>${item.updated.toISOString()}</updated>`,
    item.author ? person("author", item.author) : "",
    ...(item.coAuthors ?? []).map((p) => person("author", p)),
    ...(item.categories ?? []).map((term) => `<category term="${xmlText(term)}"/>`),
    item.ai ? aiCategory(item.ai) : "",
    item.summary ? `<summary type="text">${xmlText(item.summary)}</summary>` : "",
    "</entry>",
  ]
    .filter(Boolean)
    .join("\n");
}

export function renderAtomFeed(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `<id>${xmlText(feed.id)}</id>`,
    `<title type="text">${xmlText(feed.title)}</title>`,
    feed.subtitle ? `<subtitle type="text">${xmlText(feed.subtitle)}</subtitle>` : "",
    `<updated>${feed.updated.toISOString()}</updated>`,
    person("author", feed.author),
    ...(feed.coAuthors ?? []).map((p) => person("author", p)),
    `<link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(feed.htmlUrl)}"/>`,
    `<generator uri="${xmlText(feed.generatorUri)}">FicForge</generator>`,
    ...feed.entries.map(entry),
    "</feed>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n")
    .concat("\n");
}
