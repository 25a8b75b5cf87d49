// Issue 31 section 4: Discover's language and crossover filters as conditions on `stories`, and their part of the
// read cache's key. `language=all` (or none) is every language; several are any of them.
import { type SQL, sql } from "drizzle-orm";
import { ALL_LANGUAGES } from "../../shared/languages";
import type { DiscoverQuery } from "../../shared/schemas/reading";

type FindingQuery = Partial<Pick<DiscoverQuery, "language" | "crossover">>;

/** The languages a list keeps, each once and sorted; empty for every language (none asked, or `all` among them). */
export function languagesAsked(query: FindingQuery): string[] {
  const list = query.language ?? [];
  if (list.length === 0 || list.includes(ALL_LANGUAGES)) return [];
  return [...new Set(list)].sort();
}

export function findingFilters(query: FindingQuery): SQL[] {
  const where: SQL[] = [];
  const languages = languagesAsked(query);
  if (languages.length === 1) where.push(sql`"stories"."language" = ${languages[0]}`);
  else if (languages.length > 1) {
    where.push(
      sql`"stories"."language" = any(array[${sql.join(
        languages.map((l) => sql`${l}`),
        sql`, `,
      )}]::text[])`,
    );
  }
  if (query.crossover === "only") where.push(sql`"stories"."crossover"`);
  if (query.crossover === "exclude") where.push(sql`not "stories"."crossover"`);
  return where;
}

/** The filters' part of the read cache's key: the same languages, however written or ordered, give the same key. */
export function findingKey(query: FindingQuery): [string, string] {
  return [languagesAsked(query).join(","), query.crossover ?? ""];
}
