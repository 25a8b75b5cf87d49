// The daily AI quota: a free user gets FREE_PROMPTS_PER_DAY prompts per UTC day, then the
// one-off referral pool (users.bonusPrompts). `daily_prompt_count` counts every prompt of the day, so a count above
// the free allowance means the pool paid for the rest. Charging is one conditional UPDATE … RETURNING, so
// concurrent requests can never spend more than there is. A failed, refused or empty generation is refunded, and so
// is one the client left before any text reached it; once text has reached the client the prompt is spent.
import { and, eq, isNull, sql } from "drizzle-orm";
import { FREE_PROMPTS_PER_DAY } from "../../shared/limits";
import {
  DAILY_LIMIT_CODE,
  DAILY_LIMIT_MESSAGE,
  type MarinStatus,
  type PromptAllowance,
} from "../../shared/schemas/marin";
import { sessionsChanged } from "../accounts/session-cache";
import type { Db } from "../db/client";
import { stories, users } from "../db/schema";
import { AppError } from "../errors";
import type { UserRow } from "../types";

/** Requests per user per minute, premium too (abuse guard, ai/bookkeeping.ts). */
export const AI_REQUESTS_PER_MINUTE = 10;
export const AI_RATE_LIMITED_MESSAGE = "You're sending prompts faster than Marin can keep up. Please wait a moment.";

/** The AI day is the UTC day, the same for every user wherever they are. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export interface Charge {
  /**
   * Which allowance paid: today's free prompts, the referral pool, nothing (premium), or the story's one free
   * automatic opening scene (`storyId`).
   */
  bucket: "daily" | "bonus" | "none" | "opening";
  storyId?: number;
  /** The UTC day charged. */
  day: string;
  allowance: PromptAllowance;
}

const UNLIMITED: PromptAllowance = { showPromptCount: false, promptsLeft: null };
/** Prompts left from the day's count and the referral pool. */
export const promptsLeft = (count: number, bonus: number) => Math.max(0, FREE_PROMPTS_PER_DAY - count) + bonus;
const left = promptsLeft;

export function dailyLimitError(): AppError {
  return new AppError(429, DAILY_LIMIT_CODE, DAILY_LIMIT_MESSAGE, { dailyLimit: true });
}

/** Takes one prompt from the user's allowance, or throws the daily-limit 429. Premium users are not counted. */
export async function chargePromptOrThrow(db: Db, user: UserRow, now: Date): Promise<Charge> {
  const day = utcDay(now);
  if (user.isPremium) return { bucket: "none", day, allowance: UNLIMITED };
  const row = await takePrompt(db, user.id, day);
  if (!row) throw dailyLimitError();
  return freeCharge(row.count, row.bonus, day);
}

/** A free user's charge from the day's count and the pool after it. */
export function freeCharge(count: number, bonus: number, day: string): Charge {
  return {
    bucket: count > FREE_PROMPTS_PER_DAY ? "bonus" : "daily",
    day,
    allowance: { showPromptCount: true, promptsLeft: left(count, bonus) },
  };
}

/** The conditional UPDATE: the day's count and the pool after taking one prompt, or undefined when none is left. */
export async function takePrompt(
  db: Db,
  userId: number,
  day: string,
): Promise<{ count: number; bonus: number } | undefined> {
  const sameDay = sql`coalesce(${users.lastPromptDate} >= ${day}::date, false)`;
  const [row] = await db
    .update(users)
    .set({
      dailyPromptCount: sql`case when ${sameDay} then ${users.dailyPromptCount} + 1 else 1 end`,
      bonusPrompts: sql`case when ${sameDay} and ${users.dailyPromptCount} >= ${FREE_PROMPTS_PER_DAY}
        then ${users.bonusPrompts} - 1 else ${users.bonusPrompts} end`,
      lastPromptDate: sql`case when ${sameDay} then ${users.lastPromptDate} else ${day}::date end`,
    })
    .where(
      sql`${users.id} = ${userId} and (not ${sameDay} or ${users.dailyPromptCount} < ${FREE_PROMPTS_PER_DAY}
        or ${users.bonusPrompts} > 0)`,
    )
    .returning({ count: users.dailyPromptCount, bonus: users.bonusPrompts });
  return row;
}

/**
 * Gives a charge back. On the same day the top prompt of the day is returned (to the pool when the count is past
 * the free allowance); once the day has changed, a pool prompt still goes back and a daily one is moot.
 */
export async function refundPrompt(db: Db, userId: number, charge: Charge): Promise<void> {
  if (charge.bucket === "none") return;
  if (charge.bucket === "opening") {
    await db.update(stories).set({ openingSceneAt: null }).where(eq(stories.id, charge.storyId!));
    return;
  }
  const sameDay = sql`coalesce(${users.lastPromptDate} = ${charge.day}::date, false)`;
  await db
    .update(users)
    .set({
      bonusPrompts: sql`${users.bonusPrompts} + case
        when ${sameDay} then (case when ${users.dailyPromptCount} > ${FREE_PROMPTS_PER_DAY} then 1 else 0 end)
        when ${charge.bucket === "bonus"} then 1 else 0 end`,
      dailyPromptCount: sql`case when ${sameDay} then greatest(${users.dailyPromptCount} - 1, 0)
        else ${users.dailyPromptCount} end`,
    })
    .where(eq(users.id, userId));
  // NOTE: sessions cached with the charged counts (ai/bookkeeping.ts) would show one prompt too few: they go.
  await sessionsChanged(db, { userId });
}

/** What the pane shows before sending: prompts left today (the user row as loaded for this request). */
export function promptAllowance(user: UserRow, now: Date): PromptAllowance & Pick<MarinStatus, "dailyLimit"> {
  if (user.isPremium) return { ...UNLIMITED, dailyLimit: null };
  const count = user.lastPromptDate !== null && user.lastPromptDate >= utcDay(now) ? user.dailyPromptCount : 0;
  const bonusUsedToday = Math.max(0, count - FREE_PROMPTS_PER_DAY);
  return {
    showPromptCount: true,
    promptsLeft: left(count, user.bonusPrompts),
    dailyLimit: FREE_PROMPTS_PER_DAY + bonusUsedToday + user.bonusPrompts,
  };
}

/**
 * The automatic opening scene (the wizard's last step, or the editor opening an empty story) is
 * free once per story: claimed with one conditional UPDATE, so concurrent or repeated requests get it once, and only
 * while the saved story is still empty. Answers null when it is not free (then the request is charged as usual).
 */
export async function claimFreeOpeningScene(
  db: Db,
  user: UserRow,
  storyId: number,
  storyIsEmpty: boolean,
  now: Date,
): Promise<Charge | null> {
  if (!storyIsEmpty) return null;
  const [claimed] = await db
    .update(stories)
    .set({ openingSceneAt: now })
    .where(and(eq(stories.id, storyId), eq(stories.authorId, user.id), isNull(stories.openingSceneAt)))
    .returning({ id: stories.id });
  if (!claimed) return null;
  const { dailyLimit: _, ...allowance } = promptAllowance(user, now);
  return { bucket: "opening", storyId, day: utcDay(now), allowance };
}
