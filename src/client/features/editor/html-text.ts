// Story HTML as plain text, for the conflict dialog's previews and the clipboard copy of a discarded draft.

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|section|div)>/gi;

export function htmlToPlainText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, "\n")
    // A scene break reads as the writer typed it.
    .replace(/<hr\s*\/?>/gi, "\n\n* * *\n\n")
    .replace(BLOCK_END, "$&\n\n");
  const text = new DOMParser().parseFromString(withBreaks, "text/html").body.textContent ?? "";
  return text.replace(/\n{3,}/g, "\n\n").trim();
}

/** ProseMirror keeps an empty paragraph at the end after a list or chapter; it is not a change. */
export function normalizeEditorHtml(html: string): string {
  return html.replace(/(<p><\/p>)+$/, "") || "<p></p>";
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
