// The wrangling queue (issue 31): tags no wrangler has decided on yet, most used first, with the fandoms of the works
// using them as suggestions a person confirms (nothing is assigned on its own), and the recently wrangled tags.
import { desc, isNotNull, sql } from "drizzle-orm";
import { FANDOMS } from "../../shared/catalogues";
import type { QueueTag, WranglingQueue } from "../../shared/schemas/wrangling";
import { type LabelKind, tagKey } from "../../shared/tagging";
import type { Db } from "../db/client";
import { freeTags } from "../db/schema";
import { storyNotModerated } from "../visibility/standing";
import { presentTag } from "./wrangle";

const RECENT = 20;
const SUGGESTIONS = 3;
const CATALOGUE_FANDOMS: ReadonlySet<string> = new Set(FANDOMS);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Unwrangled tags by the published works using them (per kind), most used first. */
export async function loadQueue(db: Db, page: { q: string; limit: number; offset: number }): Promise<WranglingQueue> {
  const needle = tagKey(page.q);
  const used = rowsOf<{ key: string; name: string; kind: LabelKind; uses: number | string; by_kind: unknown }>(
    await db.execute(sql`
      with used as (
        select u.key, u.kind, count(*) as n
        from story_free_tags u
        join free_tags f on f.key = u.key and f.wrangled_at is null and strpos(f.key, ${needle}) > 0
        join stories on stories.id = u.story_id and stories.published and ${storyNotModerated()}
        group by u.key, u.kind
      )
      select used.key, f.name, sum(used.n) as uses, jsonb_object_agg(used.kind, used.n) as by_kind,
        (array_agg(used.kind order by used.n desc,
          case used.kind when 'relationship' then 0 when 'character' then 1 else 2 end))[1] as kind
      from used join free_tags f on f.key = used.key
      group by used.key, f.name
      order by uses desc, used.key
      limit ${page.limit} offset ${page.offset}`),
  );
  const keys = used.filter((r) => r.kind !== "freeform").map((r) => r.key);
  const fandoms = keys.length === 0 ? [] : await fandomsOfWorks(db, keys);
  const items: QueueTag[] = used.map((r) => ({
    name: r.name,
    kind: r.kind,
    canonical: false,
    synonymOf: null,
    fandom: null,
    wrangledAt: null,
    uses: Number(r.uses),
    usesByKind: Object.fromEntries(
      Object.entries(r.by_kind as Record<string, number | string>).map(([k, n]) => [k, Number(n)]),
    ),
    suggestedFandoms: fandoms
      .filter((f) => f.key === r.key && CATALOGUE_FANDOMS.has(f.fandom))
      .slice(0, SUGGESTIONS)
      .map((f) => ({ fandom: f.fandom, works: Number(f.works) })),
  }));
  const recentKeys = await db
    .select({ key: freeTags.key })
    .from(freeTags)
    .where(isNotNull(freeTags.wrangledAt))
    .orderBy(desc(freeTags.wrangledAt), freeTags.key)
    .limit(RECENT);
  const recent = await Promise.all(recentKeys.map((r) => presentTag(db, r.key)));
  return { items, recent };
}

/** The fandoms the published works using these tags name, most works first. */
async function fandomsOfWorks(db: Db, keys: string[]) {
  return rowsOf<{ key: string; fandom: string; works: number | string }>(
    await db.execute(sql`
      select u.key, fd.fandom, count(distinct stories.id) as works
      from story_free_tags u
      join stories on stories.id = u.story_id and stories.published and ${storyNotModerated()}
      cross join lateral jsonb_array_elements_text(
        case when jsonb_typeof(stories.fandoms) = 'array' then stories.fandoms else '[]'::jsonb end
      ) as fd(fandom)
      where u.key = any(${sql.param(keys)}::text[])
      group by u.key, fd.fandom
      order by u.key, works desc, fd.fandom`),
  );
}
