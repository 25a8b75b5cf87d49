// The collection page's styles (issue 33): its maintainers line, the filter form and the pager. Part of the public
// pages' one stylesheet (site.ts), whose CSP allows it by hash. No imports.
export const COLLECTION_CSS = `
.colhead .in{max-width:48rem}.colhead h1{margin:0 0 .5rem;overflow-wrap:anywhere}
.colhead .by{margin:0 0 .5rem}
.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));gap:.75rem 1rem;align-items:end;margin:0 0 1.5rem;padding:1rem 1.25rem;border:1px solid #ede9fe;border-radius:.9rem;background:#fcfbff}
.filters label{display:grid;gap:.25rem;font-size:.9rem;font-weight:600;color:#3b0764}
.filters input,.filters select{font:inherit;font-weight:400;padding:.45rem .6rem;border:1px solid #a78bfa;border-radius:.5rem;background:#fff;color:#1c1530;min-height:2.5rem}
.filters button{font:inherit;font-weight:600;border:0;cursor:pointer;min-height:2.5rem}
.filters input:focus-visible,.filters select:focus-visible,.filters button:focus-visible{outline:2px solid #8b5cf6;outline-offset:2px}
.pager{display:flex;justify-content:space-between;gap:1rem;margin:1.5rem 0 0}
.pager a[rel=next]{margin-left:auto}
.anon{font-style:italic}
`;
