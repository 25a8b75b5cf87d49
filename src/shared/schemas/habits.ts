// Writing habits (issue 20, section 4): GET and PATCH /api/habits. A daily word goal and a streak, counted from the
// words the writer saved (Marin's not counted), by the days of the writer's own time zone.
import { z } from "zod";

export const DAILY_GOAL_MIN = 50;
export const DAILY_GOAL_MAX = 10_000;
/** The goal of a writer who has not chosen one (they may change it or turn it off). */
export const DEFAULT_DAILY_GOAL = 500;
export const DAILY_GOAL_MESSAGE = `The daily goal must be between ${DAILY_GOAL_MIN} and ${DAILY_GOAL_MAX.toLocaleString("en-US")} words`;

/** An IANA time zone name as browsers give it (Intl.DateTimeFormat().resolvedOptions().timeZone). */
export const TimeZoneName = z.string().min(1).max(64).refine(isTimeZone, { message: "Unknown time zone" });

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const HabitsUpdate = z
  .object({
    /** null turns the goal off. */
    dailyGoal: z
      .number({ message: DAILY_GOAL_MESSAGE })
      .int(DAILY_GOAL_MESSAGE)
      .min(DAILY_GOAL_MIN, DAILY_GOAL_MESSAGE)
      .max(DAILY_GOAL_MAX, DAILY_GOAL_MESSAGE)
      .nullable()
      .optional(),
    timeZone: TimeZoneName.optional(),
  })
  .strict();
export type HabitsUpdate = z.infer<typeof HabitsUpdate>;

export const HabitsView = z.object({
  /** Null: no goal (turned off). */
  dailyGoal: z.number().int().nullable(),
  /** The zone days are counted in ('UTC' until the browser has said). */
  timeZone: z.string(),
  /** The writer's local date today, YYYY-MM-DD. */
  today: z.string(),
  /** Words the writer saved today (Marin's not counted). */
  todayWords: z.number().int(),
  /** Consecutive days the goal was met, ending today once met, else yesterday (a day is not lost until it is over). */
  streak: z.number().int(),
  /** Whether today's goal is met. */
  metToday: z.boolean(),
});
export type HabitsView = z.infer<typeof HabitsView>;
