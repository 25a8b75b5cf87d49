// NovelAI lorebooks (.lorebook): `{ lorebookVersion, entries: [{ text, displayName, keys[], enabled, contextConfig,
// searchRange, forceActivation, category, id, … }], settings, categories }`. An entry's category (a NovelAI folder)
// gives its kind when the folder's name says ('Places', 'Characters'). Import keeps every entry field it does not
// map; export writes NovelAI's defaults for a new entry with the kept fields over them.
import { randomUUID } from "node:crypto";
import type { LoreKind } from "../../../shared/schemas/lore";
import type { ExportEntry, FoundLorebook, Json } from "./format";
import { exportKeys, exportText, isObject, keptFields, sameFormatFields } from "./format";

export const NOVELAI = "novelai";
const VERSION = 5;
const MAPPED = new Set(["text", "displayName", "keys", "enabled", "lastUpdatedAt"]);

export const isNovelAi = (file: Json) => file.lorebookVersion !== undefined && Array.isArray(file.entries);

const KIND_BY_FOLDER: [RegExp, LoreKind][] = [
  [/\b(place|location|setting|world|region|cit(y|ies))/i, "place"],
  [/\b(character|people|person|npc|cast)/i, "character"],
  [/\b(item|object|artifact|artefact|weapon|thing)/i, "item"],
  [/\b(rule|magic|system|law|lore|concept|faction)/i, "rule"],
];

function kindsByCategory(categories: unknown): Map<string, LoreKind> {
  const kinds = new Map<string, LoreKind>();
  if (!Array.isArray(categories)) return kinds;
  for (const category of categories.slice(0, 1000)) {
    if (!isObject(category) || typeof category.id !== "string" || typeof category.name !== "string") continue;
    const kind = KIND_BY_FOLDER.find(([pattern]) => pattern.test(category.name as string))?.[1];
    if (kind) kinds.set(category.id, kind);
  }
  return kinds;
}

export function readNovelAi(file: Json): FoundLorebook {
  const kinds = kindsByCategory(file.categories);
  const entries = (file.entries as unknown[]).map((entry) =>
    isObject(entry)
      ? {
          name: entry.displayName,
          keys: entry.keys,
          content: entry.text,
          enabled: entry.enabled !== false,
          kind: typeof entry.category === "string" ? (kinds.get(entry.category) ?? null) : null,
          kept: keptFields(entry, MAPPED),
        }
      : null,
  );
  const droppedFields = Object.keys(file).filter((name) => name !== "entries" && name !== "lorebookVersion");
  return { format: NOVELAI, entries, droppedFields };
}

const CONTEXT_CONFIG = {
  prefix: "",
  suffix: "\n",
  tokenBudget: 1,
  reservedTokens: 0,
  budgetPriority: 400,
  trimDirection: "trimBottom",
  insertionType: "newline",
  maximumTrimType: "sentence",
  insertionPosition: -1,
};

export function writeNovelAi(entries: ExportEntry[], now: Date): Json {
  return {
    lorebookVersion: VERSION,
    entries: entries.map((entry) => ({
      contextConfig: { ...CONTEXT_CONFIG },
      searchRange: 1000,
      forceActivation: false,
      keyRelative: false,
      nonStoryActivatable: false,
      category: "",
      loreBiasGroups: [],
      id: randomUUID(),
      ...sameFormatFields(entry, NOVELAI),
      text: exportText(entry),
      displayName: entry.name,
      keys: exportKeys(entry, NOVELAI),
      enabled: entry.enabled,
      lastUpdatedAt: now.getTime(),
    })),
    settings: { orderByKeyLocations: false },
    categories: [],
  };
}
