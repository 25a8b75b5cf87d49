// Lorebook import and export (issue 32, section 2): the formats writers already have (SillyTavern World Info, NovelAI
// .lorebook, and a character card's embedded book on import), the import's bounds and what it answers, and 'Find
// characters and places' (Plus). Shared by the routes and the Lorebook dialog.
import { z } from "zod";
import { LoreProposal } from "./lore";

export const LORE_EXPORT_FORMATS = ["sillytavern", "novelai"] as const;
export type LoreExportFormat = (typeof LORE_EXPORT_FORMATS)[number];
export const LORE_EXPORT_LABELS: Record<LoreExportFormat, string> = {
  sillytavern: "SillyTavern World Info (.json)",
  novelai: "NovelAI lorebook (.lorebook)",
};
export const LoreExportQuery = z.object({
  format: z.enum(LORE_EXPORT_FORMATS, { error: "Choose a format: sillytavern or novelai" }),
});

export const LORE_IMPORT_LIMITS = {
  fileBytes: 10 * 1024 * 1024,
  /** Entries a file may list at all; beyond the lorebook's room they are skipped and reported. */
  fileEntries: 5_000,
  /** JSON nesting a lorebook file needs (entries › entry › contextConfig …) with room to spare. */
  depth: 32,
  /** Objects, arrays and separators a file may hold: bounds what parsing builds, whatever the bytes say. */
  jsonTokens: 1_000_000,
  /** An entry's fields FicForge has no place for, kept for export while their JSON stays under this size. */
  keptFieldsBytes: 8 * 1024,
  /** Skipped entries the answer lists one by one (skippedTotal counts them all). */
  reportedSkips: 100,
  /** Field names the answer lists. */
  reportedFields: 50,
  importsPerHour: 30,
} as const;

export const LORE_IMPORT_MESSAGES = {
  noFile: "Choose a lorebook file to import.",
  tooLarge: "This file is too large to import. The limit is 10 MB.",
  notJson:
    "This file is not a lorebook: it is not JSON. Import a SillyTavern World Info file (.json) or a NovelAI lorebook (.lorebook).",
  unknownFormat:
    "This file is not a lorebook FicForge knows. Import a SillyTavern World Info file (.json) or a NovelAI lorebook (.lorebook).",
  tooDeep: "This file is nested too deeply to be a lorebook.",
  tooManyTokens: "This file holds too much to be a lorebook.",
  tooManyEntries: `This file lists more than ${LORE_IMPORT_LIMITS.fileEntries.toLocaleString("en-US")} entries. Split it and import the parts.`,
  tooMany: `You can import at most ${LORE_IMPORT_LIMITS.importsPerHour} lorebooks an hour. Please try again later.`,
  lorebookFull: "The lorebook is full",
  noContent: "It has no content",
  noName: "It has no name or key",
  nameTaken: (name: string) => `The lorebook already has an entry named “${name}”`,
  notAnEntry: "It is not an entry",
} as const;

export const LoreImportFormat = z.enum(["sillytavern", "novelai", "character_book"]);
export type LoreImportFormat = z.infer<typeof LoreImportFormat>;
export const LORE_IMPORT_FORMAT_LABELS: Record<LoreImportFormat, string> = {
  sillytavern: "SillyTavern World Info",
  novelai: "NovelAI lorebook",
  character_book: "character card lorebook",
};

/** POST /api/stories/{id}/lore/import. */
export const LoreImportAnswer = z.object({
  format: LoreImportFormat,
  imported: z.number().int(),
  /** The first skipped entries, by their index in the file (0-based), with why. */
  skipped: z.array(z.object({ index: z.number().int(), name: z.string().nullable(), reason: z.string() })),
  skippedTotal: z.number().int(),
  /** Descriptions cut to the lorebook's length (the full text is kept and written back on export). */
  shortened: z.number().int(),
  /** Fields of the file's entries FicForge keeps for export but does not use, and file-level fields it dropped. */
  unknownFields: z.array(z.string()),
  droppedFields: z.array(z.string()),
});
export type LoreImportAnswer = z.infer<typeof LoreImportAnswer>;

/** The import's one-line summary: '12 entries imported, 2 skipped.' */
export function loreImportSummary(answer: Pick<LoreImportAnswer, "imported" | "skippedTotal">): string {
  const entries = `${answer.imported} ${answer.imported === 1 ? "entry" : "entries"} imported`;
  return answer.skippedTotal > 0 ? `${entries}, ${answer.skippedTotal} skipped.` : `${entries}.`;
}

/** POST /api/stories/{id}/lore/find: Marin reads the story now and proposes characters and places. */
export const LoreFindAnswer = z.object({ proposals: z.array(LoreProposal) });
export type LoreFindAnswer = z.infer<typeof LoreFindAnswer>;
