// Writing habits (issue 20, section 4; decision 0044): the goal and time zone, the words saved per local day, and the
// streak. Saves add to today's words through countSavedWords; the dashboard reads getHabits.
import { and, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { DEFAULT_DAILY_GOAL, type HabitsUpdate, type HabitsView } from "../../shared/schemas/habits";
import type { Db } from "../db/client";
import { writingDays, writingHabits } from "../db/schema";
import { dayBefore, localDay } from "./local-day";

interface Settings {
  dailyGoal: number | null;
  timeZone: string | null;
}

/** Pages of met days read at a time while walking back a streak. */
const STREAK_PAGE = 400;

async function readSettings(db: Db, userId: number): Promise<Settings> {
  const [row] = await db
    .select({ dailyGoal: writingHabits.dailyGoal, timeZone: writingHabits.timeZone })
    .from(writingHabits)
    .where(eq(writingHabits.userId, userId));
  return row ?? { dailyGoal: DEFAULT_DAILY_GOAL, timeZone: null };
}

/** Adds `words` (the writer's own, already net of Marin's) to their day, with the goal in force now. */
export async function addWrittenWords(db: Db, userId: number, words: number, at: Date): Promise<void> {
  if (words <= 0) return;
  const { dailyGoal, timeZone } = await readSettings(db, userId);
  await db
    .insert(writingDays)
    .values({ userId, day: localDay(at, timeZone), words, goal: dailyGoal })
    .onConflictDoUpdate({
      target: [writingDays.userId, writingDays.day],
      set: { words: sql`${writingDays.words} + excluded.words`, goal: sql`excluded.goal` },
    });
}

/** Consecutive met days ending at `today` if it is met, else at yesterday. */
async function streakFrom(db: Db, userId: number, today: string): Promise<{ streak: number; metToday: boolean }> {
  let expected = today;
  let streak = 0;
  let metToday = false;
  let before = today;
  for (;;) {
    const met = await db
      .select({ day: writingDays.day })
      .from(writingDays)
      .where(
        and(
          eq(writingDays.userId, userId),
          lte(writingDays.day, before),
          isNotNull(writingDays.goal),
          sql`${writingDays.words} >= ${writingDays.goal}`,
        ),
      )
      .orderBy(desc(writingDays.day))
      .limit(STREAK_PAGE);
    for (const { day } of met) {
      if (day === today) {
        metToday = true;
      } else if (streak === 0 && expected === today) {
        // Today is not over: an unmet today does not break the streak that ended yesterday.
        expected = dayBefore(today);
      }
      if (day !== expected) return { streak, metToday };
      streak += 1;
      expected = dayBefore(day);
    }
    if (met.length < STREAK_PAGE) return { streak, metToday };
    before = dayBefore(met.at(-1)!.day);
  }
}

export async function getHabits(db: Db, userId: number, now: Date): Promise<HabitsView> {
  const { dailyGoal, timeZone } = await readSettings(db, userId);
  const today = localDay(now, timeZone);
  const [row] = await db
    .select({ words: writingDays.words })
    .from(writingDays)
    .where(and(eq(writingDays.userId, userId), eq(writingDays.day, today)));
  const { streak, metToday } = await streakFrom(db, userId, today);
  return { dailyGoal, timeZone: timeZone ?? "UTC", today, todayWords: row?.words ?? 0, streak, metToday };
}

/** Changes the goal or the zone. A new goal applies from today on: past days keep the goal they had. */
export async function updateHabits(db: Db, userId: number, patch: HabitsUpdate, now: Date): Promise<HabitsView> {
  const current = await readSettings(db, userId);
  const next: Settings = {
    dailyGoal: patch.dailyGoal === undefined ? current.dailyGoal : patch.dailyGoal,
    timeZone: patch.timeZone ?? current.timeZone,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(writingHabits)
      .values({ userId, ...next, updatedAt: now })
      .onConflictDoUpdate({ target: writingHabits.userId, set: { ...next, updatedAt: now } });
    if (patch.dailyGoal !== undefined) {
      await tx
        .update(writingDays)
        .set({ goal: next.dailyGoal })
        .where(and(eq(writingDays.userId, userId), eq(writingDays.day, localDay(now, next.timeZone))));
    }
  });
  return getHabits(db, userId, now);
}
