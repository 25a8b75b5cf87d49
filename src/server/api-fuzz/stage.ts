// The fuzzing stage on one database (pglite.fuzz.ts, postgres.fuzz.ts): the world a fuzzing user lives in, then
// every operation of the document. `FUZZ_RUNS`, `FUZZ_SEED` and `FUZZ_ONLY` (a regex on "METHOD /path") tune it.
import { it } from "vitest";
import { createTestApp, TEST_APP_URL, type TestContext } from "../test/app";
import type { DbKind } from "../test/database";
import { createStory, createVerifiedUserWithSession } from "../test/factories";
import { type FuzzWorld, fuzzApi } from "./fuzz-api";

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
/** Per database; the two run in parallel, and the stage's budget is 2 minutes in CI. */
const TIME_BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 80_000);

async function worldOf(context: TestContext): Promise<FuzzWorld> {
  const { db } = context.database;
  const now = context.clock.now();
  const owner = await createVerifiedUserWithSession(db, {}, now);
  const other = await createVerifiedUserWithSession(db, {}, now);
  const published = { published: true, publishedAt: now, tags: ["Fluff"] };
  const own = [
    await createStory(db, { authorId: owner.user.id, ...published }),
    await createStory(db, { authorId: owner.user.id }),
  ];
  const theirs = [
    await createStory(db, { authorId: other.user.id, ...published }),
    await createStory(db, { authorId: other.user.id }),
  ];
  // The fuzzing user acts with a read-and-write API token, made the way a person makes one.
  const made = await context.app.inject({
    method: "POST",
    url: "/api/me/tokens",
    headers: { ...owner.headers, origin: TEST_APP_URL, "content-type": "application/json" },
    payload: JSON.stringify({ name: "fuzzing", scopes: ["read", "write"] }),
  });
  if (made.statusCode !== 201) throw new Error(`could not make a token: ${made.statusCode} ${made.body}`);
  const token = { authorization: `Bearer ${made.json().token}` };
  // Things of the user's own, made through the API, so generated ids and names reach real rows.
  const ownIds: (number | string)[] = own.map((s) => s.id);
  const names = [owner.user.username, other.user.username, "Fluff"];
  const storyId = own[0]!.id;
  const ownBySegment: FuzzWorld["ownBySegment"] = {
    stories: storyId,
    authors: owner.user.username,
    users: owner.user.username,
    blocks: other.user.username,
    mutes: other.user.username,
    tags: "Fluff",
    collections: "fuzz_collection",
  };
  const call = async (method: "GET" | "PATCH" | "POST", url: string, headers: Record<string, string>, body?: unknown) =>
    context.app.inject({
      method,
      url,
      headers: { origin: TEST_APP_URL, ...headers, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const keep = (segment: string, id: number) => {
    ownIds.push(id);
    ownBySegment[segment] ??= id;
  };
  const make = async (segment: string, url: string, body: unknown) => {
    const response = await call("POST", url, token, body);
    const id = response.statusCode < 300 ? (response.json() as { id?: number }).id : undefined;
    if (id !== undefined) keep(segment, id);
  };
  await make("series", "/api/series", { title: "Fuzzed series" });
  await make("collections-by-id", "/api/collections", { name: "fuzz_collection", title: "Fuzzed collection" });
  names.push("fuzz_collection");
  const lore = { kind: "character", name: "Ada", description: "A lighthouse keeper." };
  await make("lore", `/api/stories/${storyId}/lore`, lore);
  await make("comments", `/api/stories/${storyId}/comments`, { content: "First!" });
  await make("saved-filters", "/api/saved-filters", { name: "Fluff only", query: "tag:Fluff" });
  await make("canon-packs", "/api/canon-packs", { fandom: "Fuzzed fandom" });
  // A kept version (a save makes one) and a notification (another reader's comment on the user's work), found by
  // listing them, for the operations on one version or one notification.
  const first = async (segment: string, url: string, pick: (answer: never) => number | undefined) => {
    // NOTE: a notification is an after-save effect (events/), delivered after the answer: settled, then asked again
    // for a moment (on PostgreSQL the list once came back empty right after the comment).
    await context.app.background.settled();
    for (let attempt = 0; ; attempt++) {
      const response = await call("GET", url, token);
      const id = response.statusCode === 200 ? pick(response.json() as never) : undefined;
      if (id !== undefined) return keep(segment, id);
      if (attempt === 40)
        throw new Error(`the fuzzing world has no ${segment}: ${response.statusCode} ${response.body}`);
      await new Promise((resolve) => setTimeout(resolve, 125));
    }
  };
  await call("PATCH", `/api/stories/${storyId}`, token, { content: "<p>The lamp was lit at dusk.</p>" });
  await first("versions", `/api/stories/${storyId}/versions`, (a: { versions: { id: number }[] }) => a.versions[0]?.id);
  await call("POST", `/api/stories/${storyId}/comments`, other.headers, { content: "Lovely." });
  await first("notifications", "/api/notifications", (a: { items: { id: number }[] }) => a.items[0]?.id);
  return {
    token,
    session: async () => (await createVerifiedUserWithSession(db, {}, context.clock.now())).headers,
    ownIds,
    otherIds: theirs.map((s) => s.id),
    names,
    ownBySegment,
    theirsBySegment: { stories: theirs[0]!.id },
    plainFields: { username: other.user.username, targetId: String(theirs[0]!.id) },
    advanceClock: () => context.clock.advance(61_000),
  };
}

export function fuzzStage(kind: DbKind): void {
  it(`[${kind}] every operation of /api/openapi.json holds its contract under generated requests`, async () => {
    const context = await createTestApp(kind);
    try {
      const world = await worldOf(context);
      const { findings, stats } = await fuzzApi(context.app, world, {
        runsPerOperation: RUNS,
        seed: SEED,
        timeBudgetMs: TIME_BUDGET_MS,
        only: ONLY,
      });
      console.info(
        `[${kind}] ${stats.requests} requests (seed ${SEED}, ${RUNS} per operation); by status ${JSON.stringify(stats.byStatus)}; ` +
          `${stats.neverSucceeded.length} operations never answered below 400: ${stats.neverSucceeded.join(", ")}`,
      );
      const report = findings.map((f) => `=== ${f.operation}\n${f.report}`).join("\n");
      if (findings.length > 0) {
        throw new Error(
          `${findings.length} operations broke their contract (FUZZ_SEED=${SEED} reproduces):\n${report}`,
        );
      }
    } finally {
      await context.app.close();
      await context.database.close();
    }
  }, 300_000);
}
