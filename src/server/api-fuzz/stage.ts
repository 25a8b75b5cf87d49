// The fuzzing stage on one database (pglite.fuzz.ts, postgres.fuzz.ts): the world a fuzzing user lives in, then
// every operation of the document. `FUZZ_RUNS`, `FUZZ_SEED` and `FUZZ_ONLY` (a regex on "METHOD /path") tune it.
import { it } from "vitest";
import { createTestApp, type TestContext } from "../test/app";
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
  return {
    token: owner.headers,
    session: async () => (await createVerifiedUserWithSession(db, {}, context.clock.now())).headers,
    ids: [...own.map((s) => s.id), ...theirs.map((s) => s.id), 1, 0, -1, 2_147_483_647, 2_147_483_648, "abc", "1.5"],
    names: [owner.user.username, other.user.username, "nobody_at_all", "Fluff", "Harry Potter", "%2e%2e"],
    advanceClock: () => context.clock.advance(61_000),
  };
}

export function fuzzStage(kind: DbKind): void {
  it(`[${kind}] every operation of /api/openapi.json holds its contract under generated requests`, async () => {
    const context = await createTestApp(kind);
    try {
      const world = await worldOf(context);
      const findings = await fuzzApi(context.app, world, {
        runsPerOperation: RUNS,
        seed: SEED,
        timeBudgetMs: TIME_BUDGET_MS,
        only: ONLY,
      });
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
