// Story export (FicForge Plus early access, EARLY_ACCESS_FEATURES.storyExport): the formats and the download URL.
import { z } from "zod";

export const StoryExportFormat = z.enum(["epub", "md", "txt", "html"]);
export type StoryExportFormat = z.infer<typeof StoryExportFormat>;

export const STORY_EXPORT_FORMATS: Record<StoryExportFormat, { label: string }> = {
  epub: { label: "E-book (.epub)" },
  md: { label: "Markdown (.md)" },
  txt: { label: "Plain text (.txt)" },
  html: { label: "Web page (.html)" },
};

/** GET: the file as an attachment (a link with `download`, or navigation). 403 PREMIUM_REQUIRED for free users. */
export const storyExportUrl = (id: number, format: StoryExportFormat) => `/api/stories/${id}/export?format=${format}`;
