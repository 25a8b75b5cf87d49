// A list's AI filter (issue 29): one condition on the generated `stories.ai_label`, the filter a list applies (the
// URL's, else the signed-in reader's preference), and how many works it left out of a page.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { AiFilterField } from "../../shared/schemas/reading";
import type { AiFilter, AiLabel } from "../../shared/ai-label";
import { aiShareOf } from "../content/story-text";
import type { Db } from "../db/client";
import { stories, users } from "../db/schema";

/** At most this many hidden works are counted for one page (the header says "at least" past it). */
export const HIDDEN_COUNT_CAP = 1_000;

/** The filter a list applies: the URL's when it says, else the signed-in reader's preference, else everything. */
export function effectiveAiFilter(fromUrl: AiFilter | undefined, viewer: { readingAi: string } | null): AiFilter {
  return fromUrl ?? (viewer?.readingAi as AiFilter | undefined) ?? "any";
}

/** The works a filter keeps, as one condition on the row (none for 'any'). */
export function aiCondition(filter: AiFilter): SQL | undefined {
  if (filter === "none") return sql`${stories.aiLabel} = 'none'`;
  if (filter === "assisted") return sql`${stories.aiLabel} <> 'generated'`;
  return undefined;
}

/** The works a filter leaves out. */
export function aiLeftOut(filter: AiFilter): SQL | undefined {
  if (filter === "none") return sql`${stories.aiLabel} <> 'none'`;
  if (filter === "assisted") return sql`${stories.aiLabel} = 'generated'`;
  return undefined;
}

/**
 * How many works `filter` left out over the stretch of the list a page covers: `where` is the page's own conditions
 * without the AI one (its filters and the cursor it started after) and `through` bounds it at the page's last item
 * (absent on a list's last page: to its end). Counted up to HIDDEN_COUNT_CAP, never over the whole catalogue.
 */
export async function countHiddenByAi(
  db: Db,
  filter: AiFilter,
  where: SQL[],
  through: SQL | undefined,
): Promise<number> {
  const leftOut = aiLeftOut(filter);
  if (!leftOut) return 0;
  const stretch = db
    .select({ one: sql`1` })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(and(...where, leftOut, through))
    .limit(HIDDEN_COUNT_CAP)
    .as("stretch");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stretch);
  return Number(row?.n ?? 0);
}

/** What every story answer carries of its AI use: the label and Marin's measured share (0–1). */
export function aiFields(row: { aiLabel: string | null; wordCount: number | null; aiWordCount: number | null }): {
  aiLabel: AiLabel;
  aiShare: number;
} {
  return {
    aiLabel: (row.aiLabel ?? "none") as AiLabel,
    aiShare: aiShareOf({ wordCount: Number(row.wordCount ?? 0), aiWordCount: Number(row.aiWordCount ?? 0) }),
  };
}

const AiParam = z.object({ ai: AiFilterField.optional() });

/** A page's `ai=` parameter (undefined when absent); another value or a repeated one is a 400 naming `ai`. */
export function aiFromQuery(query: unknown): AiFilter | undefined {
  return AiParam.parse({ ai: (query as { ai?: unknown } | null)?.ai }).ai;
}

/** The query string a page's own links carry so the filter stays (empty for 'any', which is the default). */
export function aiQuery(filter: AiFilter, join: "?" | "&" = "?"): string {
  return filter === "any" ? "" : `${join}ai=${filter}`;
}
