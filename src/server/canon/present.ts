// What leaves the server about canon packs (their entries: lore/load.ts presentLoreEntry) (STYLE.md habit 3): never a raw row.
import type { CanonPack, CanonStoryRef, PublishedCanonPack } from "../../shared/schemas/canon";
import type { canonPacks } from "../db/schema";

type PackRow = typeof canonPacks.$inferSelect;

export interface OwnPackRow extends PackRow {
  entryCount: number;
  sourceFandom: string | null;
  sourceOwner: string | null;
}

export function presentPack(row: OwnPackRow, stories: CanonStoryRef[]): CanonPack {
  return {
    id: row.id,
    fandom: row.fandom,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    copiedFrom:
      row.copiedFromId !== null && row.sourceFandom !== null && row.sourceOwner !== null
        ? { id: row.copiedFromId, fandom: row.sourceFandom, ownerUsername: row.sourceOwner }
        : null,
    entryCount: row.entryCount,
    stories,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentPublished(row: {
  id: number;
  fandom: string;
  ownerUsername: string;
  entryCount: number;
  publishedAt: Date | null;
}): PublishedCanonPack {
  return {
    id: row.id,
    fandom: row.fandom,
    ownerUsername: row.ownerUsername,
    entryCount: row.entryCount,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
  };
}
