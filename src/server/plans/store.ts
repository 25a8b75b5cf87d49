// A story's planning board as stored (story_plans, one row per story; no row is an empty board). Ownership is the
// caller's check (getOwnStoryOrThrow).
import { eq, sql } from "drizzle-orm";
import type { StoryPlan, StoryPlanView } from "../../shared/schemas/plan";
import type { Db } from "../db/client";
import { storyPlans } from "../db/schema";

const EMPTY: StoryPlanView = { braindump: "", synopsis: "", chapters: [], updatedAt: null };

/** Older or hand-made rows may hold anything in the jsonb: only well-formed chapters are read. */
function readChapters(value: unknown): StoryPlan["chapters"] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((chapter) => {
    if (!chapter || typeof chapter !== "object") return [];
    const { title, beats } = chapter as { title?: unknown; beats?: unknown };
    return [
      {
        title: typeof title === "string" ? title : "",
        beats: Array.isArray(beats) ? beats.filter((beat): beat is string => typeof beat === "string") : [],
      },
    ];
  });
}

export async function loadPlan(db: Db, storyId: number): Promise<StoryPlanView> {
  const [row] = await db.select().from(storyPlans).where(eq(storyPlans.storyId, storyId));
  if (!row) return EMPTY;
  return {
    braindump: row.braindump,
    synopsis: row.synopsis,
    chapters: readChapters(row.chapters),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Saves the whole board (last write wins: one writer edits their own board). */
export async function savePlan(db: Db, storyId: number, plan: StoryPlan): Promise<StoryPlanView> {
  const values = { braindump: plan.braindump, synopsis: plan.synopsis, chapters: plan.chapters };
  const [row] = await db
    .insert(storyPlans)
    .values({ storyId, ...values })
    .onConflictDoUpdate({ target: storyPlans.storyId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return { ...plan, updatedAt: row!.updatedAt.toISOString() };
}
