// The story's text, reshaped for reading (story-body.ts), or 'No content yet'.
import { FileText } from "lucide-react";
import type { ReaderBody } from "./story-body";

export const NO_CONTENT = "No content yet";
export const NO_CONTENT_TEXT = "This story doesn't have any content to display.";

/** `lang`: the work's language (issue 31), so screen readers and hyphenation read its words in it. */
export function StoryBody({ body, lang }: { body: ReaderBody; lang?: string }) {
  if (body.empty) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-brand-200 p-10 text-center">
        <FileText className="h-8 w-8 text-brand-300" aria-hidden />
        <h2 className="text-lg font-semibold text-ink">{NO_CONTENT}</h2>
        <p className="text-slate-600">{NO_CONTENT_TEXT}</p>
      </div>
    );
  }
  return (
    <article
      className="story-prose reader-prose"
      data-testid="reader-body"
      lang={lang}
      // NOTE: the server sanitizes story HTML on write (and again for rows cleaned by an older allowlist); see
      // story-body.ts for why the client does not run a second allowlist.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized story HTML, reshaped in story-body.ts.
      dangerouslySetInnerHTML={{ __html: body.html }}
    />
  );
}
