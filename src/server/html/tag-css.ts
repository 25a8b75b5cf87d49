// The tagging block's and the tag page's styles; the public pages' one stylesheet includes them (their CSP allows
// that stylesheet by hash). No imports: template.ts builds its stylesheet from this at load.
export const TAGGING_CSS = `
.tagging{margin:0 0 1.5rem;padding:1rem 1.25rem;border:1px solid #ede9fe;border-radius:.9rem;background:#fcfbff}
.tagging dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem;margin:0}
.tagging dt{font-weight:600;font-size:.85rem;padding-top:.2rem;color:#3b0764}
.tagging dd{margin:0}.tagging .meta{margin:0}.meta a{text-decoration:none}.meta a:hover{text-decoration:underline}
.tagging .warn li{border-color:#fecaca;color:#991b1b;background:#fff}
.tagpage .in{max-width:42rem}.tagpage h1{margin:0 0 .5rem;overflow-wrap:anywhere}
@media (max-width:30rem){.tagging dl{grid-template-columns:1fr;gap:.15rem}.tagging dd{margin-bottom:.4rem}}
`;
