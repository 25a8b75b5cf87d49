// Writing habits (issue 20, section 4): the writer's daily word goal and time zone, and the words they saved each
// day of their own calendar. Marin's words are never counted (src/server/habits/count-saved-words.ts).
import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

export const writingHabits = pgTable(
  "writing_habits",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null: the goal is off. A writer without a row has the default goal (DEFAULT_DAILY_GOAL). */
    dailyGoal: integer("daily_goal"),
    /** An IANA zone from the writer's browser; null until the browser has said (days are then UTC days). */
    timeZone: text("time_zone"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("writing_habits_goal_check", sql`${t.dailyGoal} is null or ${t.dailyGoal} between 50 and 10000`)],
);

export const writingDays = pgTable(
  "writing_days",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The writer's local calendar day. */
    day: date("day", { mode: "string" }).notNull(),
    words: integer("words").notNull().default(0),
    /** The goal in force that day (kept, so a later change of goal never rewrites past days); null: no goal. */
    goal: integer("goal"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check("writing_days_words_check", sql`${t.words} >= 0`)],
);
