// The one place text is escaped for markup the server writes: HTML pages and emails, and XML (Atom, EPUB).
// escapeHtml itself lives in shared/prose.ts, which the client's editor uses too.
export { escapeHtml } from "../../shared/prose";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text for XML element content and quoted attribute values (XML knows `&apos;` by name). */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** Text for element content only (quotes stay as typed). */
export const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => XML_ESCAPES[c]!);
