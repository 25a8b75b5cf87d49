// Marin's bookkeeping before the model (issue 19, decision 0045): the per-minute guard and the daily charge, both
// counted before the expensive step so concurrent requests cannot exceed them, in as few round trips as the
// database allows.
// - PGlite: one process holds the database (decision 0002), so the per-minute guard is exact in process memory, and
//   the charge is the one conditional UPDATE of quota.ts.
// - PostgreSQL: instances share the guard, so the guard's upsert and the charge's conditional UPDATE are one
//   statement (two data-modifying CTEs): one round trip; the charge only happens when the guard let the request in.
// - FicForge Plus: no charge, the guard alone.
// After a charge, the new counts are written into the request's cached session (Marin's routes take it from the
// session cache, accounts/sessions.ts) and the other instances drop theirs.
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { FREE_PROMPTS_PER_DAY } from "../../shared/limits";
import { MARIN_ERROR_CODES } from "../../shared/schemas/marin";
import { sessionsChanged, sessionsChangedElsewhere } from "../accounts/session-cache";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { UserRow } from "../types";
import {
  AI_RATE_LIMITED_MESSAGE,
  AI_REQUESTS_PER_MINUTE,
  type Charge,
  claimFreeOpeningScene,
  dailyLimitError,
  freeCharge,
  promptAllowance,
  takePrompt,
  utcDay,
} from "./quota";

const WINDOW_MS = 60_000;
/** The throttles row of the per-minute guard on PostgreSQL (the same key quota.ts's createThrottle used). */
const throttleKey = (userId: number) => `ai:${userId}`;
// Expired throttle rows are deleted now and then, not on every hit (as accounts/throttle.ts does).
const PRUNE_EVERY_HITS = 200;

/** Fixed one-minute windows per user in this process: the guard itself on PGlite. */
export class MinuteWindows {
  private readonly windows = new Map<number, { count: number; endsAt: number }>();
  private nextSweep = 0;

  /** Counts one request (refused ones too, as the database's guard does); allowed while within the limit. */
  take(userId: number, nowMs: number): { allowed: boolean; retryAfterMs: number } {
    if (nowMs >= this.nextSweep) {
      this.nextSweep = nowMs + WINDOW_MS;
      for (const [id, window] of this.windows) if (window.endsAt <= nowMs) this.windows.delete(id);
    }
    let window = this.windows.get(userId);
    if (!window || window.endsAt <= nowMs) {
      window = { count: 0, endsAt: nowMs + WINDOW_MS };
      this.windows.set(userId, window);
    }
    window.count++;
    return { allowed: window.count <= AI_REQUESTS_PER_MINUTE, retryAfterMs: window.endsAt - nowMs };
  }
}

interface State {
  minute: MinuteWindows;
  hits: number;
  /** The bookkeeping of each person's request that runs ahead of its model in this process. */
  ahead: Map<number, Promise<Charge>>;
}
/** By the database's Db object: every app of this process on one PGlite shares one guard (tests run two). */
const states = new WeakMap<object, State>();
function stateOf(db: Db): State {
  let state = states.get(db);
  if (!state) {
    state = { minute: new MinuteWindows(), hits: 0, ahead: new Map() };
    states.set(db, state);
  }
  return state;
}

function rateLimited(reply: FastifyReply, retryAfterMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header("retry-after", String(retryAfter));
  return new AppError(429, MARIN_ERROR_CODES.rateLimited, AI_RATE_LIMITED_MESSAGE, { retryAfter });
}

/** The guard's upsert as a CTE named `guard` (count, window_ends_at), for one statement with or without a charge. */
function guardCte(userId: number, at: Date) {
  const now = sql`${at.toISOString()}::timestamptz`;
  const endsAt = new Date(at.getTime() + WINDOW_MS).toISOString();
  return sql`guard as (
    insert into throttles (key, count, window_ends_at) values (${throttleKey(userId)}, 1, ${endsAt}::timestamptz)
    on conflict (key) do update set
      count = case when throttles.window_ends_at <= ${now} then 1 else throttles.count + 1 end,
      window_ends_at = case when throttles.window_ends_at <= ${now} then excluded.window_ends_at
        else throttles.window_ends_at end
    returning count, window_ends_at
  )`;
}

interface GuardAndCharge {
  minute: number;
  windowEndsAt: Date;
  /** The day's count and the pool after the charge; null when nothing was charged (refused, or not asked). */
  count: number | null;
  bonus: number | null;
}

/** PostgreSQL: the guard, and the charge only if the guard let the request in, in one statement. */
async function guardAndChargeOnce(db: Db, user: UserRow, at: Date, charge: boolean): Promise<GuardAndCharge> {
  const state = stateOf(db);
  if (++state.hits % PRUNE_EVERY_HITS === 0) await db.execute(sql`delete from throttles where window_ends_at < ${at}`);
  const day = utcDay(at);
  const sameDay = sql`coalesce(last_prompt_date >= ${day}::date, false)`;
  const query = charge
    ? sql`with ${guardCte(user.id, at)}, charged as (
        update users set
          daily_prompt_count = case when ${sameDay} then daily_prompt_count + 1 else 1 end,
          bonus_prompts = case when ${sameDay} and daily_prompt_count >= ${FREE_PROMPTS_PER_DAY}
            then bonus_prompts - 1 else bonus_prompts end,
          last_prompt_date = case when ${sameDay} then last_prompt_date else ${day}::date end
        where id = ${user.id} and (select count from guard) <= ${AI_REQUESTS_PER_MINUTE}
          and (not ${sameDay} or daily_prompt_count < ${FREE_PROMPTS_PER_DAY} or bonus_prompts > 0)
        returning daily_prompt_count, bonus_prompts
      )
      select guard.count as minute, guard.window_ends_at as "windowEndsAt",
        charged.daily_prompt_count as count, charged.bonus_prompts as bonus
      from guard left join charged on true`
    : sql`with ${guardCte(user.id, at)}
      select count as minute, window_ends_at as "windowEndsAt", null as count, null as bonus from guard`;
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0]!;
  return {
    minute: Number(row.minute),
    windowEndsAt: new Date(row.windowEndsAt as string | Date),
    count: row.count === null ? null : Number(row.count),
    bonus: row.bonus === null ? null : Number(row.bonus),
  };
}

/**
 * The charged request's new counts go into this person's cached sessions (this instance keeps serving Marin from the
 * cache with the right "prompts left"), and every other instance drops theirs.
 */
function remember(request: FastifyRequest, user: UserRow, count: number, bonus: number, day: string): void {
  const counts = { dailyPromptCount: count, bonusPrompts: bonus, lastPromptDate: day };
  request.user = { ...user, ...counts };
  // NOTE: on PostgreSQL two charges of one person may answer out of order: the later count (same day) stays.
  request.server.sessionCache.updateUser(user.id, (cached) =>
    cached.lastPromptDate === day && cached.dailyPromptCount > count ? cached : { ...cached, ...counts },
  );
  sessionsChangedElsewhere(request.server, { userId: user.id });
}

/** The daily limit; the person's cached rows said otherwise (or might), so they go everywhere. */
async function refused(db: Db, userId: number): Promise<AppError> {
  await sessionsChanged(db, { userId });
  return dailyLimitError();
}

/** A free opening scene on the user's still-empty story (quota.ts claimFreeOpeningScene): the generate route's. */
export interface OpeningScene {
  storyId: number;
  storyIsEmpty: boolean;
}

/**
 * The per-minute guard, then the charge (or the story's free opening scene), before the model is asked. Throws the
 * per-minute 429 (with Retry-After) or the daily-limit 429, or answers the charge.
 *
 * When the outcome is all but certain from what this process knows (the guard passed here, and the cached user row
 * has a prompt left, or the user is on Plus), the answer comes at once, a Charge whose fields are filled when the
 * bookkeeping settles (chargeAhead gives the promise), and respond.ts starts the model meanwhile: the provider's
 * first token is on its way while the statement runs. Nothing reaches the client before the charge is settled, and a
 * refused charge aborts the model and answers the 429 as before. At most one such request per person runs ahead in
 * this process at a time; the person's other requests wait for its charge before theirs, so it cannot lose the last
 * prompt to a request that came after it here (decision 0045).
 */
export async function chargeBeforeModel(
  request: FastifyRequest,
  reply: FastifyReply,
  opening: OpeningScene | null,
): Promise<Charge> {
  const user = request.user!;
  const { db } = request;
  const at = request.server.deps.now();
  const pglite = request.server.deps.database.kind === "pglite";
  const state = stateOf(db);

  // PGlite: the guard itself. PostgreSQL: this process's share of the count, a hint (the real count is at least it).
  const minute = state.minute.take(user.id, at.getTime());
  if (pglite && !minute.allowed) throw rateLimited(reply, minute.retryAfterMs);

  const ahead = state.ahead.get(user.id);
  const known = knownUser(request, user);
  const certain =
    opening === null &&
    ahead === undefined &&
    minute.allowed &&
    known !== undefined &&
    (known.isPremium ? !pglite : (promptAllowance(known, at).promptsLeft ?? 0) > 0);
  if (!certain) {
    if (ahead) await ahead.catch(() => {});
    return settle(request, reply, user, at, opening);
  }
  // NOTE: settled from the next turn of the event loop: respond() starts the model in this one, and on PGlite the
  // charge's statement runs on this thread (about 3 ms), which otherwise held back the request to the provider.
  const settling = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
    settle(request, reply, user, at, null),
  );
  state.ahead.set(user.id, settling);
  const charge: Charge = { bucket: "none", day: utcDay(at), allowance: { showPromptCount: false, promptsLeft: null } };
  const filled = settling.then((settled) => void Object.assign(charge, settled));
  // NOTE: handled here so a refusal nobody awaited yet is not an unhandled rejection; respond() awaits `filled`.
  filled.catch(() => {});
  void settling
    .catch(() => {})
    .finally(() => {
      if (state.ahead.get(user.id) === settling) state.ahead.delete(user.id);
    });
  pending.set(charge, filled);
  return charge;
}

/** The bookkeeping a Charge from chargeBeforeModel still waits for, if it ran ahead of the model. */
export function chargeAhead(charge: Charge): Promise<void> | undefined {
  return pending.get(charge);
}
const pending = new WeakMap<Charge, Promise<void>>();

/**
 * The freshest row this process has for the user: the cached session's (updated by every charge here), or nothing.
 * NOTE: not the request's own row when the cache has none: the entry was dropped (a refusal, a plan change) after
 * this request read its row, or the lookup was not kept because one happened while it ran, so that row may be older
 * than the last charge and would run a request ahead to the provider that the charge then refuses.
 */
function knownUser(request: FastifyRequest, user: UserRow): UserRow | undefined {
  const cached = request.sessionId ? request.server.sessionCache.get(request.sessionId) : undefined;
  return cached?.user.id === user.id ? cached.user : undefined;
}

async function settle(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  at: Date,
  opening: OpeningScene | null,
): Promise<Charge> {
  const { db } = request;
  const day = utcDay(at);
  // The opening scene is claimed between the guard and the charge: the guard first, on its own.
  const chargeNow = !user.isPremium && opening === null;
  if (request.server.deps.database.kind !== "pglite") {
    const once = await guardAndChargeOnce(db, user, at, chargeNow);
    if (once.minute > AI_REQUESTS_PER_MINUTE) throw rateLimited(reply, once.windowEndsAt.getTime() - at.getTime());
    if (chargeNow) {
      if (once.count === null || once.bonus === null) throw await refused(db, user.id);
      remember(request, user, once.count, once.bonus, day);
      return freeCharge(once.count, once.bonus, day);
    }
  }
  if (opening) {
    const claimed = await claimFreeOpeningScene(db, user, opening.storyId, opening.storyIsEmpty, at);
    if (claimed) return claimed;
  }
  if (user.isPremium) return { bucket: "none", day, allowance: { showPromptCount: false, promptsLeft: null } };
  const row = await takePrompt(db, user.id, day);
  if (!row) throw await refused(db, user.id);
  remember(request, user, row.count, row.bonus, day);
  return freeCharge(row.count, row.bonus, day);
}
