// What every public page shares (story, chapter, author and tag pages): the one stylesheet, its CSP, the site's
// header and footer, and the head's first lines. Its CSS is inline and allowed by hash; the pages run no script.
import { ROUTES } from "../../shared/routes";
import { HEAD_START, styleOnlyCsp } from "./document";
import { escapeHtml } from "./escape";
import { READER_CSS } from "./reader-css";
import { TAGGING_CSS } from "./tag-css";
import { COLLECTION_CSS } from "./collection-css";

export const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;scroll-behavior:smooth}
@media (prefers-reduced-motion:reduce){html{scroll-behavior:auto}}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1c1530;background:#fff;line-height:1.5;-webkit-font-smoothing:antialiased}
a{color:#6d28d9}
a:focus-visible{outline:2px solid #8b5cf6;outline-offset:2px;border-radius:4px}
.skip{position:absolute;left:-999px;top:0;padding:.5rem 1rem;background:#fff;z-index:2}
.skip:focus{left:1rem;top:1rem}
.bar{display:flex;align-items:center;justify-content:space-between;gap:1rem;max-width:72rem;margin:0 auto;padding:.75rem 1.25rem}
.site{border-bottom:1px solid #ede9fe;background:#fff}
.brand{display:inline-flex;align-items:center;gap:.6rem;font-weight:700;font-size:1.2rem;color:#1c1530;text-decoration:none;letter-spacing:-.01em}
.mark{display:inline-flex;width:2.25rem;height:2.25rem;align-items:center;justify-content:center;border-radius:.75rem;background:linear-gradient(135deg,#7c3aed,#db2777);color:#fff}
.nav{display:flex;align-items:center;gap:.5rem}
.nav a{text-decoration:none;font-weight:500;font-size:.95rem;padding:.5rem .75rem;border-radius:.6rem;color:#1c1530}
.nav a:hover{background:#f5f3ff}
.btn,.nav .btn{display:inline-block;background:#6d28d9;color:#fff;font-weight:600;text-decoration:none;padding:.6rem 1.1rem;border-radius:.6rem}
.btn:hover,.nav .btn:hover{background:#5b21b6}
.hero{background:linear-gradient(180deg,#f5f3ff,#fff);border-bottom:1px solid #ede9fe}
.hero .in{max-width:60rem;margin:0 auto;padding:1.5rem 1.25rem 2rem;display:grid;gap:1rem 1.25rem;grid-template-columns:6.5rem 1fr;align-items:start}
.hero.nocover .in{grid-template-columns:1fr}
.hero .desc{grid-column:1/-1}
.cover{width:100%;height:auto;border-radius:.75rem;box-shadow:0 10px 25px -12px rgba(76,29,149,.45);background:#ede9fe}
h1{font-family:ui-serif,Georgia,Cambria,"Times New Roman",serif;font-size:clamp(1.6rem,5vw,2.75rem);line-height:1.15;margin:0 0 .5rem;letter-spacing:-.01em;overflow-wrap:anywhere}
.by{margin:0 0 .75rem;color:#475569}
.by strong{color:#1c1530}
.by a{color:inherit}
.meta{display:flex;flex-wrap:wrap;gap:.4rem;margin:0 0 .5rem;padding:0;list-style:none;font-size:.85rem}
.meta li{background:#fff;border:1px solid #ddd6fe;border-radius:999px;padding:.15rem .7rem;color:#4c1d95}
.desc{margin:0;font-size:1.05rem;color:#334155;max-width:40rem;overflow-wrap:anywhere}
.page{max-width:42rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
.toc{border:1px solid #ede9fe;border-radius:.9rem;padding:1rem 1.25rem;margin:0 0 2rem;background:#fcfbff}
.toc h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.08em;color:#5b21b6;margin:0 0 .5rem;font-family:inherit}
.toc ol{margin:0;padding-left:1.5rem;columns:11rem;column-gap:2rem}
.toc li{margin:0 0 .35rem;break-inside:avoid}
.toc a{text-decoration:none}
.toc a:hover{text-decoration:underline}
.prose{font-family:ui-serif,Georgia,Cambria,"Times New Roman",serif;font-size:1.125rem;line-height:1.75;overflow-wrap:break-word}
.prose p{margin:0 0 1.15em}
.prose p{content-visibility:auto;contain-intrinsic-size:auto 8em}
.prose>p:nth-child(-n+12){content-visibility:visible}
.prose h2{font-size:1.6rem;line-height:1.25;margin:2.25em 0 .75em;scroll-margin-top:1rem}
.prose h3{font-size:1.25rem;margin:1.75em 0 .5em}
.prose h2:first-child,.prose section:first-child>h2:first-child{margin-top:0}
.prose section.chapter{scroll-margin-top:1rem}
.prose section.chapter+section.chapter,.prose *+section.chapter{border-top:1px solid #ede9fe;padding-top:1.5em;margin-top:2em}
.prose hr{border:0;text-align:center;margin:1.5em 0;overflow:visible}
.prose hr::after{content:"\\2042";color:#8b5cf6;font-size:1.25rem}
.prose blockquote{margin:1.5em 0;padding-left:1em;border-left:3px solid #c4b5fd;color:#334155;font-style:italic}
.align-center{text-align:center}.align-right{text-align:right}.align-justify{text-align:justify}
.empty{text-align:center;color:#475569;padding:2rem 0}
.join{margin:3rem 0 0;padding:1.5rem;border-radius:1rem;background:linear-gradient(135deg,#f5f3ff,#fdf2f8);border:1px solid #ddd6fe;text-align:center}
.join h2{margin:0 0 .5rem;font-size:1.35rem}
.join p{margin:0 0 1.25rem;color:#334155}
.join .acts{display:flex;flex-wrap:wrap;gap:.75rem;justify-content:center;align-items:center}
.join .alt{font-weight:600;padding:.6rem .5rem}
.foot{border-top:1px solid #ede9fe;color:#475569;font-size:.9rem}
.foot .bar{padding:1.5rem 1.25rem}
.foot a{color:#475569;margin-left:1rem}
.author .in{max-width:42rem;grid-template-columns:4rem 1fr;align-items:center}
.avatar{display:flex;width:4rem;height:4rem;align-items:center;justify-content:center;border-radius:999px;background:linear-gradient(135deg,#7c3aed,#db2777);color:#fff;font-size:1.75rem;font-weight:700}
.author h1{margin:0}
.works h2{font-size:1.25rem;margin:0 0 1rem}
.works ol{list-style:none;margin:0;padding:0;display:grid;gap:1rem}
.work{border:1px solid #ede9fe;border-radius:.9rem;padding:1rem 1.25rem;background:#fcfbff}
.work h3{margin:0 0 .25rem;font-family:ui-serif,Georgia,Cambria,"Times New Roman",serif;font-size:1.25rem;line-height:1.3;overflow-wrap:anywhere}
.work h3 a{text-decoration:none}
.work h3 a:hover{text-decoration:underline}
.work p{margin:.25rem 0 .5rem;color:#334155;overflow-wrap:anywhere}
.toc summary{cursor:pointer;font-weight:600;color:#5b21b6}
.toc summary+ol{margin-top:.75rem}
.pager{display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:.5rem;margin:0 0 2rem}
.pager a{display:inline-block;padding:.5rem .75rem;border:1px solid #ddd6fe;border-radius:.6rem;text-decoration:none;font-weight:600;background:#fff;white-space:nowrap;font-size:.95rem}
.pager a:first-child{justify-self:start}.pager a:last-child{justify-self:end}
.pager a:hover{background:#f5f3ff}
.prose+.pager{margin:2.5rem 0 0}
.storylink{color:inherit;text-decoration:none}
.storylink:hover{text-decoration:underline}
.onechapter,.download{margin:0 0 1.5rem;font-weight:600}
.gifted{margin:0 0 1rem;font-weight:600;color:#4c1d95;overflow-wrap:anywhere}
.related{list-style:none;margin:0 0 1.5rem;padding:.75rem 1rem;border:1px solid #ede9fe;border-radius:.9rem;background:#fcfbff;overflow-wrap:anywhere}
.related li+li{margin-top:.25rem}
.inspired{margin:2.5rem 0 0}
.inspired h2{font-size:1.25rem;margin:0 0 .5rem}
.inspired ul{margin:0;padding-left:1.25rem}
.inspired li{margin:0 0 .35rem;overflow-wrap:anywhere}
.tabs{display:flex;gap:.25rem;margin:0 0 1rem;padding:0;list-style:none;border-bottom:1px solid #ede9fe}
.tabs a{display:inline-block;padding:.5rem .9rem;text-decoration:none;font-weight:600;color:#475569;border-bottom:2px solid transparent}
.tabs a[aria-current=page]{color:#4c1d95;border-bottom-color:#6d28d9}
@media (min-width:48rem){.hero .in{grid-template-columns:12rem 1fr;gap:.5rem 2.25rem;padding:3rem 1.25rem}.hero .cover{grid-row:1/span 2}.hero:not(.nocover) .desc{grid-column:2}.prose{font-size:1.1875rem}}
@media (max-width:30rem){.nav .hide{display:none}.meta{margin:0}}
.follow{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;margin:.75rem 0 0;font-size:.95rem;color:#334155}
.follow form{margin:0}
.follow button{font:inherit;font-weight:600;border:0;cursor:pointer}
.follow .on{background:#fff;color:#4c1d95;box-shadow:inset 0 0 0 1px #a78bfa}
.follow .on:hover{background:#f5f3ff}
.follow button:focus-visible{outline:2px solid #8b5cf6;outline-offset:2px}
.safety{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.25rem;margin:.5rem 0 0;font-size:.9rem}
.safety:empty{display:none}
.safety form{margin:0}
.safety button,.safety a{font:inherit;background:none;border:0;padding:.25rem 0;color:#5b21b6;text-decoration:underline;cursor:pointer}
.safety button:focus-visible,.safety a:focus-visible{outline:2px solid #8b5cf6;outline-offset:2px}
.hidden-note{color:#334155}
@media (min-width:48rem){.author .in{grid-template-columns:5rem 1fr;gap:.5rem 1.5rem;padding:2.5rem 1.25rem}.author .avatar{width:5rem;height:5rem;font-size:2.25rem}}
.series{border:1px solid #ede9fe;border-radius:.9rem;padding:.75rem 1rem;margin:0 0 1.5rem;background:#fcfbff}
.series p{margin:0;overflow-wrap:anywhere}
.series .parts{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;margin-top:.35rem;font-size:.95rem}
.series .parts a[rel=next]{margin-left:auto}
.serieshead .in{max-width:48rem}
.subscribe{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;margin:.75rem 0 0}
.subscribe form{margin:0}
.subscribe button{font:inherit;font-weight:600;border:0;cursor:pointer}
.subscribe .on{background:#fff;color:#4c1d95;box-shadow:inset 0 0 0 1px #a78bfa}
.works>.download{margin:1.25rem 0 0}
.works .part{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:#5b21b6;font-weight:600;margin:0 0 .15rem}
${TAGGING_CSS}
${COLLECTION_CSS}
${READER_CSS}`
  .trim()
  .replace(/\n/g, "");

/** The page's CSP: nothing but its own stylesheet (by hash) and images from this origin; no script at all. */
// NOTE: the page runs no script; connect-src 'self' lets tools that fetch from the page (Lighthouse reads /robots.txt so).
// Issue 31: font-src for the dyslexia-friendly face a reader may choose (reader-css.ts).
export const PAGE_CSP = styleOnlyCsp(PAGE_CSS, ["img-src 'self'", "connect-src 'self'", "font-src 'self'"]);

// Lucide's feather, as the app's logo mark draws it.
const FEATHER =
  '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M12.67 19a2 2 0 0 0 1.416-.588l6.154-6.172a6 6 0 0 0-8.49-8.49L5.586 9.914A2 2 0 0 0 5 11.328V18a1 1 0 0 0 1 1z"/><path d="M16 8 2 22"/><path d="M17.5 15H9"/></svg>';

const SIGNED_OUT_NAV = `<nav class="nav" aria-label="Account"><a class="hide" href="${ROUTES.auth}">Sign in</a><a class="btn" href="${ROUTES.auth}">Join free</a></nav>`;

/** The top bar every public page shows a signed-out visitor (and every cache keeps). */
export const SITE_HEADER = `<header class="site"><div class="bar"><a class="brand" href="/"><span class="mark">${FEATHER}</span>FicForge</a>${SIGNED_OUT_NAV}</div></header>`;

export const SITE_FOOTER = `<footer class="foot"><div class="bar"><span>© FicForge</span><span><a href="/">Home</a><a href="/about/ai">AI and your work</a><a href="/reader-settings">Reading settings</a><a href="/privacy">Privacy</a><a href="/terms">Terms</a><a href="/api/docs">API</a></span></div></footer>`;

/** The head every public page starts with: title, description, canonical, icon and the Open Graph basics. Texts arrive escaped. */
export function pageHead(meta: {
  title: string;
  description: string;
  canonicalUrl: string;
  ogType: string;
  ogTitle: string;
}) {
  return `${HEAD_START}
<title>${meta.title}</title>
<meta name="description" content="${meta.description}">
<meta name="robots" content="noai, noimageai">
<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}">
<meta name="theme-color" content="#7c3aed">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<meta property="og:type" content="${meta.ogType}">
<meta property="og:site_name" content="FicForge">
<meta property="og:title" content="${meta.ogTitle}">
<meta property="og:description" content="${meta.description}">
<meta property="og:url" content="${escapeHtml(meta.canonicalUrl)}">`;
}

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
