// What every lorebook format reader gives back: the file's entries as found (not yet cleaned or checked), with the
// fields FicForge has no place for kept per entry, and the file-level fields it drops.
import type { LoreKind } from "../../../shared/schemas/lore";
import type { LoreImportFormat } from "../../../shared/schemas/lore-io";

export interface FoundEntry {
  name: unknown;
  keys: unknown;
  content: unknown;
  enabled: boolean;
  /** From the file's own grouping (a NovelAI category named 'Places'), when it says. */
  kind: LoreKind | null;
  kept: Record<string, unknown>;
}

export interface FoundLorebook {
  format: LoreImportFormat;
  /** One per entry of the file, in its order; null where the file has something that is not an entry. */
  entries: (FoundEntry | null)[];
  droppedFields: string[];
}

/** A stored entry as an export writes it. */
export interface ExportEntry {
  kind: LoreKind;
  name: string;
  keys: string[];
  description: string;
  enabled: boolean;
  imported: { format: string; fields: Record<string, unknown> } | null;
}

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Keys that must never become properties of an object built from a file. */
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);

/** The entry's fields other than those the reader maps, in a fresh object. */
export function keptFields(entry: Json, mapped: ReadonlySet<string>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(entry)) {
    if (!mapped.has(name) && !UNSAFE.has(name)) kept[name] = value;
  }
  return kept;
}

/** Reserved names in kept fields: what FicForge itself keeps for the round trip. */
export const KEPT = {
  /** The description as imported before it was cut to the lorebook's length. */
  fullText: "ficforge:fullText",
  /** The description as cut: the full text goes back out only while the writer has not changed it. */
  cut: "ficforge:cut",
  /** Keys the lorebook cannot use (one letter, a regular expression …), written back on export. */
  droppedKeys: "ficforge:droppedKeys",
} as const;

export const isReserved = (name: string) => name.startsWith("ficforge:");

/** The fields of an entry imported from `format`, when exporting to that same format. */
export function sameFormatFields(entry: ExportEntry, format: string): Record<string, unknown> {
  if (entry.imported?.format !== format) return {};
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(entry.imported.fields)) if (!isReserved(name)) fields[name] = value;
  return fields;
}

/** The description to write: the full imported text while the writer left the cut one as it was. */
export function exportText(entry: ExportEntry): string {
  const fields = entry.imported?.fields;
  return fields && fields[KEPT.cut] === entry.description && typeof fields[KEPT.fullText] === "string"
    ? (fields[KEPT.fullText] as string)
    : entry.description;
}

/** The keys to write: FicForge matches an entry by its name too, the other tools only by keys. */
export function exportKeys(entry: ExportEntry, format: string): string[] {
  const dropped = entry.imported?.format === format ? entry.imported.fields[KEPT.droppedKeys] : undefined;
  const extra = Array.isArray(dropped) ? dropped.filter((k): k is string => typeof k === "string") : [];
  const keys = [...entry.keys, ...extra];
  const named = keys.some((key) => key.toLowerCase() === entry.name.toLowerCase());
  // NOTE: an imported entry's name came from its title (a comment); adding it as a key would change what the
  // other tool matches. A FicForge entry is matched by its name, so the name goes out as a key.
  return named || entry.imported?.format === format ? keys : [entry.name, ...keys];
}
