// Discover's pages walk their index in its own order: the statement a deep Featured page sends is planned without
// a sort. With `id desc` after `featured_score desc nulls last` (the index holds `id desc nulls last`), PostgreSQL
// used only the first key and sorted every group of equal scores: at a million works the 617,412 stories at 0 made a
// deep page take 2–9 s (decision 0078).
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDb, send } from "../test/app";
import { createStory } from "../test/factories";
import { encodeCursor } from "./discover-cursor";

interface PlanNode {
  "Node Type": string;
  "Sort Key"?: string[];
  "Index Name"?: string;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** `text` with its $n parameters written in as literals (EXPLAIN of the statement exactly as the app sent it). */
function inline(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => `'${String(values[Number(n) - 1]).replace(/'/g, "''")}'`);
}

describeEachDb("Discover's order", (ctx) => {
  it("walks the featured index for a deep Featured page: no sort in the plan", async () => {
    const db = ctx().database.db;
    for (let i = 0; i < 40; i++) await createStory(db, { published: true, publishedAt: new Date(), featuredScore: 0 });
    await db.execute(sql`analyze stories`);
    // The statements the app sends while it answers (both drivers take the text first, then the values).
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const sent: Array<{ text: string; values: unknown[] }> = [];
    const query = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      if (typeof first === "string") sent.push({ text: first, values: second ?? [] });
      else sent.push({ text: first.text, values: first.values ?? second ?? [] });
      return query.apply(this, args);
    };
    try {
      const cursor = encodeCursor({ k: "featured", s: 0.5, i: 2 ** 30 });
      const res = await send(ctx().app, "GET", `/api/published-stories?sort=featured&limit=4&cursor=${cursor}`);
      expect(res.statusCode).toBe(200);
    } finally {
      client.query = query;
    }
    const page = sent.find((s) => /order by "stories"\."featured_score" desc/.test(s.text));
    expect(page, "the Featured page's statement").toBeDefined();
    const plan = await db.transaction(async (tx) => {
      // NOTE: a tiny table is cheaper to read whole and sort: the index must win on order alone.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = (await tx.execute(sql.raw(`explain (format json) ${inline(page!.text, page!.values)}`))) as {
        rows: Array<Record<string, unknown>>;
      };
      const cell = Object.values(result.rows[0]!)[0];
      const [explained] = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
      return nodes(explained.Plan);
    });
    expect(plan.map((node) => node["Index Name"])).toContain("stories_featured_idx");
    // NOTE: the tags' and co-creators' aggregates sort their few rows (json_agg … order by): only a sort of the page
    // counts.
    const pageSorts = plan.filter(
      (node) =>
        /Sort/.test(node["Node Type"]) &&
        /featured_score|\bid\b/.test(`${node["Sort Key"]}`) &&
        !/\bcc\./.test(`${node["Sort Key"]}`),
    );
    expect(pageSorts.map((node) => `${node["Node Type"]}: ${node["Sort Key"]}`)).toEqual([]);
  });
});
