// GET /api/stories/{id}/lore/export: the story's own lorebook as a SillyTavern World Info file or a NovelAI
// .lorebook, with the fields an imported entry brought from that format written back (lore-formats/).
import { asc, eq } from "drizzle-orm";
import type { LoreExportFormat } from "../../shared/schemas/lore-io";
import type { Db } from "../db/client";
import { loreEntries } from "../db/schema";
import { attachmentDisposition } from "../stories/export-story";
import { EXPORT_FILE_EXTENSIONS, writeLorebookFile } from "./lore-formats";

export interface LoreExportFile {
  body: string;
  disposition: string;
}

export async function exportLorebook(
  db: Db,
  story: { id: number; title: string },
  format: LoreExportFormat,
  now: Date,
): Promise<LoreExportFile> {
  const rows = await db
    .select({
      kind: loreEntries.kind,
      name: loreEntries.name,
      keys: loreEntries.keys,
      description: loreEntries.description,
      enabled: loreEntries.enabled,
      imported: loreEntries.imported,
    })
    .from(loreEntries)
    .where(eq(loreEntries.storyId, story.id))
    .orderBy(asc(loreEntries.id));
  return {
    body: JSON.stringify(writeLorebookFile(format, rows, now), null, 2),
    disposition: attachmentDisposition(`${story.title || "Lorebook"} lorebook`, EXPORT_FILE_EXTENSIONS[format]),
  };
}
