// Lorebook files in and out: which format a file is (SillyTavern World Info, NovelAI, a character card's book), read
// within bounds; and the file an export writes.
import { LORE_IMPORT_LIMITS, LORE_IMPORT_MESSAGES, type LoreExportFormat } from "../../../shared/schemas/lore-io";
import { AppError } from "../../errors";
import { parseBoundedJson } from "./bounded-json";
import { characterBookOf, readCharacterBook } from "./character-book";
import { type ExportEntry, type FoundLorebook, isObject } from "./format";
import { isNovelAi, readNovelAi, writeNovelAi } from "./novelai";
import { isSillyTavern, readSillyTavern, writeSillyTavern } from "./sillytavern";

export type { ExportEntry, FoundEntry, FoundLorebook } from "./format";
export { KEPT, isReserved } from "./format";

/** The file's entries as found. The caller has bounded its size. */
export function readLorebookFile(bytes: Buffer): FoundLorebook {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const file = parseBoundedJson(text);
  if (!isObject(file)) throw new AppError(415, "LORE_IMPORT_UNKNOWN", LORE_IMPORT_MESSAGES.unknownFormat);
  if (isNovelAi(file)) return checkCount(file.entries, () => readNovelAi(file));
  if (isSillyTavern(file)) return checkCount(Object.keys(file.entries as object), () => readSillyTavern(file));
  const book = characterBookOf(file);
  if (!book) throw new AppError(415, "LORE_IMPORT_UNKNOWN", LORE_IMPORT_MESSAGES.unknownFormat);
  return checkCount(book.entries, () => readCharacterBook(book));
}

/** Counted before any entry is read. */
function checkCount(entries: unknown, read: () => FoundLorebook): FoundLorebook {
  if ((entries as unknown[]).length > LORE_IMPORT_LIMITS.fileEntries)
    throw new AppError(413, "LORE_IMPORT_TOO_MANY_ENTRIES", LORE_IMPORT_MESSAGES.tooManyEntries);
  return read();
}

export function writeLorebookFile(format: LoreExportFormat, entries: ExportEntry[], now: Date): unknown {
  return format === "sillytavern" ? writeSillyTavern(entries) : writeNovelAi(entries, now);
}

export const EXPORT_FILE_EXTENSIONS: Record<LoreExportFormat, string> = {
  sillytavern: "json",
  novelai: "lorebook",
};
