// Story export, free on every plan (a writer's own story, as the account export and the public page's EPUB give it):
// the formats and the download URL.
import { z } from "zod";

export const StoryExportFormat = z.enum(["epub", "md", "txt", "html"]);
export type StoryExportFormat = z.infer<typeof StoryExportFormat>;

export const STORY_EXPORT_FORMATS: Record<StoryExportFormat, { label: string }> = {
  epub: { label: "E-book (.epub)" },
  md: { label: "Markdown (.md)" },
  txt: { label: "Plain text (.txt)" },
  html: { label: "Web page (.html)" },
};

/** GET: the file as an attachment (a link with `download`, or navigation); the author's own story only (else 404). */
export const storyExportUrl = (id: number, format: StoryExportFormat) => `/api/stories/${id}/export?format=${format}`;
