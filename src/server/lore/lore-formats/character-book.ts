// A character card's lorebook (Character Card V2/V3 `data.character_book`, or the book alone): `{ name?, entries: [{
// keys[], content, enabled, name?, comment?, insertion_order, secondary_keys, … }] }`. Import only: FicForge writes
// lorebooks, not character cards.
import type { FoundLorebook, Json } from "./format";
import { isObject, keptFields } from "./format";

export const CHARACTER_BOOK = "character_book";
const MAPPED = new Set(["keys", "content", "enabled", "name"]);

/** The book inside a card, or the file itself when it is a bare book. */
export function characterBookOf(file: Json): Json | null {
  const inCard = isObject(file.data) ? file.data.character_book : file.character_book;
  if (isObject(inCard) && Array.isArray(inCard.entries)) return inCard;
  const bare = Array.isArray(file.entries) && file.entries.some((e) => isObject(e) && "keys" in e && "content" in e);
  return bare ? file : null;
}

export function readCharacterBook(book: Json): FoundLorebook {
  const entries = (book.entries as unknown[]).map((entry) =>
    isObject(entry)
      ? {
          name: typeof entry.name === "string" && entry.name.trim() !== "" ? entry.name : entry.comment,
          keys: entry.keys,
          content: entry.content,
          enabled: entry.enabled !== false,
          kind: null,
          kept: keptFields(entry, MAPPED),
        }
      : null,
  );
  return { format: CHARACTER_BOOK, entries, droppedFields: Object.keys(book).filter((name) => name !== "entries") };
}
