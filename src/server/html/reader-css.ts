// Issue 31: the reader's settings in the public pages' one stylesheet. reader-variant.ts writes the choices on <html>
// (data-font, data-size, data-width, data-spacing, data-theme, data-hide-tags); these rules read them. Colours are
// the light page's own (site.ts) as fallbacks of custom properties that sepia and dark set, and 'system' (no
// data-theme) takes dark's from prefers-color-scheme. Both themes keep text at 7:1 or more against their backgrounds
// and links at 4.5:1 or more. The dyslexia-friendly face is only fetched when a page uses it.
import { READER_LABELS } from "../../shared/schemas/reader-settings";

// NOTE: regular and bold only (~115 KB each): italics in the face are left to the browser's slant, as dyslexia
// guides advise against them anyway, and a page with emphasis would fetch two more files.
export const DYSLEXIC_FONT_FILES = [
  "opendyslexic-latin-400-normal.woff2",
  "opendyslexic-latin-700-normal.woff2",
] as const;
export const FONT_PATH = "/fonts/";

const fontFaces = DYSLEXIC_FONT_FILES.map((file) => {
  const [, , weight, style] = file.replace(".woff2", "").split("-");
  return `@font-face{font-family:OpenDyslexic;src:url(${FONT_PATH}${file}) format("woff2");font-weight:${weight};font-style:${style};font-display:swap}`;
}).join("");

const SEPIA =
  "--ff-bg:#f4ecd8;--ff-fg:#3b2f1f;--ff-muted:#54432b;--ff-link:#82360f;--ff-accent:#6e3210;--ff-panel:#f8f1e0;--ff-panel2:#efe3c6;--ff-chip:#fbf6ea;--ff-chipfg:#5e2f0e;--ff-line:#e0d1ad;--ff-line2:#d3bf92;--ff-warn:#8f1d1d;--ff-warnline:#e4b4a0;--ff-join2:#f1e2cf";
const DARK =
  "--ff-bg:#15121c;--ff-fg:#ece8f4;--ff-muted:#c3bcd3;--ff-link:#c9bcfd;--ff-accent:#d6cbfe;--ff-panel:#1d1927;--ff-panel2:#231d33;--ff-chip:#231e30;--ff-chipfg:#e2dcff;--ff-line:#30293f;--ff-line2:#41375a;--ff-warn:#fecaca;--ff-warnline:#7f1d1d;--ff-join2:#2a1a2b";

export const READER_CSS = `
${fontFaces}
html[data-theme=sepia]{${SEPIA};color-scheme:light}
html[data-theme=dark]{${DARK};color-scheme:dark}
@media (prefers-color-scheme:dark){html:not([data-theme]){${DARK};color-scheme:dark}}
body{color:var(--ff-fg,#1c1530);background:var(--ff-bg,#fff)}
a{color:var(--ff-link,#6d28d9)}
.skip{background:var(--ff-bg,#fff)}
.site{border-bottom-color:var(--ff-line,#ede9fe);background:var(--ff-bg,#fff)}
.brand,.nav a,.by strong{color:var(--ff-fg,#1c1530)}
.nav a:hover,.pager a:hover{background:var(--ff-panel2,#f5f3ff)}
.nav .btn,.btn{color:#fff}
.hero{background:linear-gradient(180deg,var(--ff-panel2,#f5f3ff),var(--ff-bg,#fff));border-bottom-color:var(--ff-line,#ede9fe)}
.by,.empty,.foot,.foot a,.tabs a,.bm .who{color:var(--ff-muted,#475569)}
.desc,.join p,.work p,.hidden-note,.follow,.prose blockquote{color:var(--ff-muted,#334155)}
.meta li{background:var(--ff-chip,#fff);border-color:var(--ff-line2,#ddd6fe);color:var(--ff-chipfg,#4c1d95)}
.meta li a{color:var(--ff-link,#6d28d9)}
.toc,.work,.related,.series,.tagging{border-color:var(--ff-line,#ede9fe);background:var(--ff-panel,#fcfbff)}
.toc h2,.toc summary,.works .part,.safety button,.safety a{color:var(--ff-accent,#5b21b6)}
.tagging dt{color:var(--ff-fg,#3b0764)}
.tagging .warn li{border-color:var(--ff-warnline,#fecaca);color:var(--ff-warn,#991b1b);background:var(--ff-chip,#fff)}
.gifted,.tabs a[aria-current=page]{color:var(--ff-chipfg,#4c1d95)}
.prose section.chapter+section.chapter,.prose *+section.chapter,.foot,.tabs{border-color:var(--ff-line,#ede9fe)}
.prose blockquote{border-left-color:var(--ff-line2,#c4b5fd)}
.join{background:linear-gradient(135deg,var(--ff-panel2,#f5f3ff),var(--ff-join2,#fdf2f8));border-color:var(--ff-line2,#ddd6fe)}
.pager a{border-color:var(--ff-line2,#ddd6fe);background:var(--ff-chip,#fff)}
.follow .on,.subscribe .on{background:var(--ff-chip,#fff);color:var(--ff-chipfg,#4c1d95)}
.bm .note{color:var(--ff-fg,#1c1530)}.bm .btags li{background:var(--ff-panel2,#f5f3ff);color:var(--ff-chipfg,#4c1d95)}
html[data-font=sans] .prose{font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
html[data-font=dyslexic] .prose{font-family:OpenDyslexic,ui-sans-serif,system-ui,sans-serif}
html[data-size="1"]{--ff-size:.85}html[data-size="2"]{--ff-size:.93}html[data-size="4"]{--ff-size:1.15}html[data-size="5"]{--ff-size:1.32}
html[data-size] .prose{font-size:calc(1.125rem*var(--ff-size))}
@media (min-width:48rem){html[data-size] .prose{font-size:calc(1.1875rem*var(--ff-size))}}
html[data-spacing="1"] .prose{line-height:1.5}html[data-spacing="3"] .prose{line-height:2.05}
html[data-width=narrow] .page{max-width:34rem}html[data-width=wide] .page{max-width:56rem}
.readerlink{margin:0 0 1.5rem;font-weight:600}
.readerlink a::before{content:"Aa";display:inline-block;margin-right:.4rem;font-family:ui-serif,Georgia,serif;text-decoration:none}
.rsform fieldset{border:1px solid var(--ff-line,#ede9fe);border-radius:.9rem;margin:0 0 1rem;padding:.75rem 1rem}
.rsform legend{font-weight:600;padding:0 .25rem}
.rsform .opts{display:flex;flex-wrap:wrap;gap:.5rem}
.rsform .opts label{display:inline-flex;align-items:center;gap:.4rem;padding:.35rem .8rem;border:1px solid var(--ff-line2,#ddd6fe);border-radius:999px;background:var(--ff-chip,#fff);cursor:pointer}
.rsform .opts label:has(:checked){border-color:var(--ff-link,#6d28d9);box-shadow:inset 0 0 0 1px var(--ff-link,#6d28d9);font-weight:600}
.rsform .check{display:flex;gap:.5rem;align-items:center;margin:0 0 1.25rem}
.rsform .acts{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}
.rsform button{font:inherit;border:0;cursor:pointer}
.saved{padding:.6rem 1rem;border-radius:.6rem;background:var(--ff-panel2,#f5f3ff);font-weight:600}
.preview{margin-top:2rem;border-top:1px solid var(--ff-line,#ede9fe);padding-top:1rem}
.preview h2{font-size:1rem;margin:0 0 .5rem}
.spoil{display:none}
.spoil summary{cursor:pointer;font-weight:600;font-size:.875rem;color:var(--ff-link,#6d28d9);width:max-content}
.spoil[open] .h,.spoil:not([open]) .s{display:none}
@supports selector(:has(a)){
html[data-hide-tags] .spoil{display:block;margin:0 0 .5rem}
html[data-hide-tags] .meta:has(+.spoil:not([open]))>li:is(:has(>a[rel=tag]),.more),
html[data-hide-tags] .tagging dl:has(+.spoil:not([open])) :is(dd:has(a[rel=tag],.warn),dt:has(+dd :is(a[rel=tag],.warn))){display:none}
}
`
  .trim()
  .replace(/\n/g, "");

/** What follows a card's or a page's tags: 'Tags hidden — show' (and 'Hide tags' once shown) for a reader who asked. */
export const TAGS_SPOILER = `<details class="spoil"><summary><span class="h">${READER_LABELS.tagsHidden}</span><span class="s">Hide tags</span></summary></details>`;
