// Importing a lorebook file into a story's lorebook (issue 32, section 2; decision 0100). Every entry of the file is
// cleaned the way the lorebook's own form would have it: HTML becomes plain text, names and keys are trimmed and
// bounded, a description past the lorebook's length is cut (the full text kept for export). An entry that still
// cannot be one (no content, no name or key, a name the lorebook has, no room left) is skipped and reported with its
// index, never a failure of the whole file. One transaction with the story's row locked, like every lorebook write.
import { eq, sql } from "drizzle-orm";
import { LORE_LIMITS, LoreKey, type LoreKind } from "../../shared/schemas/lore";
import { LORE_IMPORT_LIMITS, LORE_IMPORT_MESSAGES, type LoreImportAnswer } from "../../shared/schemas/lore-io";
import { PLACE_SUFFIXES } from "../ai/memory-words";
import { storyHtmlToText } from "../content/plain-text";
import { stripControlChars } from "../content/sanitize-content";
import type { Db } from "../db/client";
import { loreEntries } from "../db/schema";
import { findUnstorableText } from "../http/request-text";
import { lockLoreOwner } from "./entries";
import { type FoundEntry, type FoundLorebook, isReserved, KEPT } from "./lore-formats";

type NewEntry = typeof loreEntries.$inferInsert;
type Cleaned = { entry: Omit<NewEntry, "storyId">; shortened: boolean } | { skip: string; name: string | null };

/** Beyond this, a cut description's full text is not kept either (a 20,000-character entry is a chapter). */
const FULL_TEXT_KEPT_CHARS = 20_000;
const INSERT_BATCH = 250;
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what PostgreSQL refuses.
const UNSTORABLE = /[\u0000\ud800-\udfff]/g;
const REGEX_KEY = /^\/.+\/[a-z]*$/s;

/** Plain text from a file's string: tags and entities gone, no control characters, no lone surrogates. */
function plain(value: unknown): string {
  if (typeof value !== "string") return "";
  // NOTE: entities are decoded after tags are removed, so '&lt;b&gt;' would come back as a tag: remove again.
  const text = storyHtmlToText(wellFormed(value)).replace(/<\/?[a-z!][^>]*>/gi, "");
  return stripControlChars(text).trim();
}

// NOTE: String.prototype.toWellFormed (Node 20+) is newer than the TypeScript lib this project targets.
const wellFormed = (text: string) => (text as unknown as { toWellFormed(): string }).toWellFormed();
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(" ");
  return `${(space > max * 0.8 ? head.slice(0, space) : head).trimEnd()}…`;
}

function cleanKeys(raw: unknown): { keys: string[]; dropped: string[] } {
  const keys: string[] = [];
  const dropped: string[] = [];
  const seen = new Set<string>();
  for (const value of Array.isArray(raw) ? raw.slice(0, 200) : []) {
    if (typeof value !== "string") continue;
    // NOTE: SillyTavern's regular-expression keys ('/pi+p/i') would never match as words: kept for export only.
    const parsed = REGEX_KEY.test(value) ? null : LoreKey.safeParse(oneLine(plain(value)));
    if (!parsed?.success || keys.length >= LORE_LIMITS.keysPerEntry) {
      if (dropped.length < LORE_LIMITS.keysPerEntry) dropped.push(stripControlChars(wellFormed(value.slice(0, 200))));
      continue;
    }
    if (seen.has(parsed.data.toLowerCase())) continue;
    seen.add(parsed.data.toLowerCase());
    keys.push(parsed.data);
  }
  return { keys, dropped };
}

/** 'Thorn Keep', 'Ember Academy': a place by its last word; otherwise the file's folder, or a character. */
function guessKind(name: string, fromFile: LoreKind | null): LoreKind {
  if (fromFile) return fromFile;
  const last = name.split(" ").at(-1)?.toLowerCase() ?? "";
  return PLACE_SUFFIXES.has(last) ? "place" : "character";
}

/**
 * The kept fields within their budget, in the file's order while they fit; a field PostgreSQL cannot store (a NUL, a
 * lone surrogate, in a value or a name) is dropped rather than failing the import.
 */
function boundKept(kept: Record<string, unknown>, dropped: Set<string>): Record<string, unknown> {
  const bounded: Record<string, unknown> = {};
  let size = 2;
  for (const [name, value] of Object.entries(kept)) {
    if (findUnstorableText({ [name]: value })) {
      dropped.add(`${name.replace(UNSTORABLE, "").slice(0, 40)} (cannot be saved)`);
      continue;
    }
    const bytes = Buffer.byteLength(JSON.stringify(value) ?? "null") + name.length + 4;
    if (size + bytes > LORE_IMPORT_LIMITS.keptFieldsBytes) {
      dropped.add(`${name.slice(0, 40)} (too large to keep)`);
      continue;
    }
    size += bytes;
    bounded[name] = value;
  }
  return bounded;
}

function cleanEntry(found: FoundEntry, format: string, droppedFields: Set<string>): Cleaned {
  const description = plain(found.content);
  const { keys, dropped } = cleanKeys(found.keys);
  const name = cutAtWord(oneLine(plain(found.name)), LORE_LIMITS.nameChars) || keys[0] || "";
  if (!name) return { skip: LORE_IMPORT_MESSAGES.noName, name: null };
  if (!description) return { skip: LORE_IMPORT_MESSAGES.noContent, name };
  const cut = cutAtWord(description, LORE_LIMITS.descriptionChars);
  const fields = boundKept(found.kept, droppedFields);
  if (dropped.length > 0) fields[KEPT.droppedKeys] = dropped;
  if (cut !== description && description.length <= FULL_TEXT_KEPT_CHARS) {
    fields[KEPT.fullText] = description;
    fields[KEPT.cut] = cut;
  }
  return {
    entry: {
      kind: guessKind(name, found.kind),
      name,
      keys,
      description: cut,
      enabled: found.enabled,
      imported: { format, fields },
    },
    shortened: cut !== description,
  };
}

/** A skipped entry's name as the file has it, for the report. */
const rawName = (found: FoundEntry | null) =>
  typeof found?.name === "string" && found.name.trim() !== ""
    ? plain(found.name).slice(0, LORE_LIMITS.nameChars)
    : null;

export async function importLorebook(db: Db, storyId: number, book: FoundLorebook): Promise<LoreImportAnswer> {
  const dropped = new Set<string>();
  const skipped: LoreImportAnswer["skipped"] = [];
  let skippedTotal = 0;
  const skip = (index: number, name: string | null, reason: string) => {
    skippedTotal += 1;
    if (skipped.length < LORE_IMPORT_LIMITS.reportedSkips) skipped.push({ index, name, reason });
  };

  return db.transaction(async (tx) => {
    await lockLoreOwner(tx, { storyId });
    const held = await tx
      .select({ name: sql<string>`lower(${loreEntries.name})` })
      .from(loreEntries)
      .where(eq(loreEntries.storyId, storyId));
    const names = new Set(held.map((row) => row.name));
    let room = LORE_LIMITS.entriesPerOwner - held.length;
    const rows: NewEntry[] = [];
    let shortened = 0;
    for (const [index, found] of book.entries.entries()) {
      // NOTE: once the lorebook is full, the rest is reported as such without being cleaned (5,000 entries, 500 room).
      if (room <= 0) {
        skip(index, rawName(found), LORE_IMPORT_MESSAGES.lorebookFull);
        continue;
      }
      const result = found
        ? cleanEntry(found, book.format, dropped)
        : { skip: LORE_IMPORT_MESSAGES.notAnEntry, name: null };
      if ("skip" in result) {
        skip(index, result.name, result.skip);
        continue;
      }
      const { entry } = result;
      if (names.has(entry.name.toLowerCase())) {
        skip(index, entry.name, LORE_IMPORT_MESSAGES.nameTaken(entry.name));
        continue;
      }
      names.add(entry.name.toLowerCase());
      room -= 1;
      if (result.shortened) shortened += 1;
      rows.push({ ...entry, storyId });
    }
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx.insert(loreEntries).values(rows.slice(i, i + INSERT_BATCH));
    }
    const kept = new Set(rows.flatMap((row) => Object.keys(row.imported?.fields ?? {})).filter((n) => !isReserved(n)));
    const limit = LORE_IMPORT_LIMITS.reportedFields;
    return {
      format: book.format,
      imported: rows.length,
      skipped,
      skippedTotal,
      shortened,
      unknownFields: [...kept].slice(0, limit),
      droppedFields: [...book.droppedFields, ...dropped].slice(0, limit),
    };
  });
}
