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

/** What a prompt carries of the board (ai/plan-prompt.ts): the synopsis and chapter `chapter` only, or null. */
export async function loadPlanExcerpt(
  db: Db,
  storyId: number,
  chapter: number,
): Promise<{ synopsis: string; chapter: number; onOutline: StoryPlan["chapters"][number] | null } | null> {
  const [row] = await db
    .select({ synopsis: storyPlans.synopsis, current: sql<unknown>`${storyPlans.chapters} -> ${chapter - 1}::int` })
    .from(storyPlans)
    .where(eq(storyPlans.storyId, storyId));
  if (!row) return null;
  return { synopsis: row.synopsis, chapter, onOutline: readChapters([row.current])[0] ?? null };
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
