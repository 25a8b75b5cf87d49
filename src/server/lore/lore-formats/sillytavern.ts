// SillyTavern World Info (public/scripts/world-info.js): `{ entries: { "<uid>": { uid, key[], keysecondary[], comment,
// content, constant, selective, order, position, disable, … } } }`. `comment` is the entry's title, `key` its
// triggers, `disable` its switch. Import keeps every other field; export writes SillyTavern's defaults for a new entry
// with the kept fields over them, so a round trip keeps what FicForge does not use.
import type { ExportEntry, FoundLorebook, Json } from "./format";
import { exportKeys, exportText, isObject, keptFields, sameFormatFields } from "./format";

export const SILLYTAVERN = "sillytavern";
const MAPPED = new Set(["uid", "key", "comment", "content", "disable", "displayIndex"]);

export const isSillyTavern = (file: Json) => isObject(file.entries) && file.lorebookVersion === undefined;

export function readSillyTavern(file: Json): FoundLorebook {
  const entries = Object.values(file.entries as Json).map((entry) =>
    isObject(entry)
      ? {
          name: entry.comment,
          keys: typeof entry.key === "string" ? entry.key.split(",") : entry.key,
          content: entry.content,
          enabled: entry.disable !== true,
          kind: null,
          kept: keptFields(entry, MAPPED),
        }
      : null,
  );
  return { format: SILLYTAVERN, entries, droppedFields: Object.keys(file).filter((name) => name !== "entries") };
}

/** A new entry's fields as SillyTavern makes them (newWorldInfoEntryTemplate). */
const TEMPLATE = {
  keysecondary: [] as string[],
  constant: false,
  vectorized: false,
  selective: true,
  selectiveLogic: 0,
  addMemo: true,
  order: 100,
  position: 0,
  excludeRecursion: false,
  preventRecursion: false,
  delayUntilRecursion: false,
  probability: 100,
  useProbability: true,
  depth: 4,
  group: "",
  groupOverride: false,
  groupWeight: 100,
  scanDepth: null,
  caseSensitive: null,
  matchWholeWords: null,
  useGroupScoring: null,
  automationId: "",
  role: null,
  sticky: 0,
  cooldown: 0,
  delay: 0,
};

export function writeSillyTavern(entries: ExportEntry[]): Json {
  const out: Record<string, Json> = {};
  entries.forEach((entry, uid) => {
    out[String(uid)] = {
      ...TEMPLATE,
      ...sameFormatFields(entry, SILLYTAVERN),
      uid,
      key: exportKeys(entry, SILLYTAVERN),
      comment: entry.name,
      content: exportText(entry),
      disable: !entry.enabled,
      displayIndex: uid,
    };
  });
  return { entries: out };
}
