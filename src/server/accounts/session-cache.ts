// Issue 19: the signed-in request's session and viewer, kept in process by the session token's hash, so a signed-in
// read costs no query. Bounded (least recently used out first) and short-lived as a backstop; dropped on every
// instance of the same database when a session ends or the person changes (decision 0035-session-cache.md):
// in this process at once, in the others through NOTIFY on their own channel (read-cache/invalidation-bus.ts).
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { startInvalidationBus } from "../read-cache/invalidation-bus";
import type { BookmarkItem } from "../../shared/schemas/reading";
import type { ViewerState } from "../read-cache/viewer-state";
import type { UserRow } from "../user-row";

export const SESSION_CACHE_CHANNEL = "ficforge_session_cache";

export interface CachedSession {
  user: UserRow;
  expiresAt: Date;
  lastSeenAt: Date;
  /** Whether the viewer blocks or mutes anyone (Discover's shared lists serve them only if not). */
  hidesAnyone: boolean;
  /** The viewer's liked and bookmarked flags by story, filled as they read; their own writes drop the whole entry. */
  storyStates: Map<number, ViewerState>;
  /**
   * The viewer's bookmark list (GET /api/bookmarks) as built under the read cache's `generation` (any story change
   * anywhere moves it on); their own writes (a bookmark, a block) drop the whole entry (decision 0045).
   */
  bookmarks?: { generation: number; items: BookmarkItem[] };
  /** Set when the entry is an API token's lookup (api-tokens/authenticate.ts): which token, and whether it may write. */
  apiToken?: { id: number; canWrite: boolean };
}

interface Entry {
  session: CachedSession;
  storedAt: number;
}

export interface SessionCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;
const DEFAULT_MAX_AGE_MS = 60_000;
/** Story states kept per session: a reader's recent stories, not their library. */
export const MAX_STORY_STATES = 256;

/** What changed: one session (sign-out), everything of one person (plan, role, suspension, blocks …), or anything. */
export type SessionChange = { sessionId: string } | { userId: number } | "all";

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private keeping = true;
  /** Bumped by every drop: a lookup that began before one must not store what it read. */
  private epoch = 0;
  readonly maxEntries: number;
  readonly maxAgeMs: number;

  constructor(options: SessionCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  }

  get size(): number {
    return this.entries.size;
  }

  get generation(): number {
    return this.epoch;
  }

  get(id: string, nowMs = performance.now()): CachedSession | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (nowMs - entry.storedAt > this.maxAgeMs) {
      this.remove(id, entry.session.user.id);
      return undefined;
    }
    // NOTE: re-inserted so Map order is least recently used first.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.session;
  }

  /** Keeps what a lookup read, unless something was dropped since it began (`generation` taken before the query). */
  set(id: string, session: CachedSession, generation: number, nowMs = performance.now()): void {
    if (!this.keeping || generation !== this.epoch) return;
    const old = this.entries.get(id);
    if (old) this.remove(id, old.session.user.id);
    while (this.entries.size >= this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldest, entry.session.user.id);
    }
    this.entries.set(id, { session, storedAt: nowMs });
    let ids = this.byUser.get(session.user.id);
    if (!ids) {
      ids = new Set();
      this.byUser.set(session.user.id, ids);
    }
    ids.add(id);
  }

  drop(change: SessionChange): void {
    this.epoch++;
    if (change === "all") {
      this.entries.clear();
      this.byUser.clear();
    } else if ("sessionId" in change) {
      const entry = this.entries.get(change.sessionId);
      if (entry) this.remove(change.sessionId, entry.session.user.id);
    } else {
      for (const id of this.byUser.get(change.userId) ?? []) this.entries.delete(id);
      this.byUser.delete(change.userId);
    }
  }

  /**
   * Brings every cached session of one person up to date in place with `update` (Marin's charge writes the new
   * prompt counts), and, like a drop, keeps a lookup that began before from storing the row it read.
   */
  updateUser(userId: number, update: (user: UserRow) => UserRow): void {
    this.epoch++;
    for (const id of this.byUser.get(userId) ?? []) {
      const entry = this.entries.get(id);
      if (entry) entry.session.user = update(entry.session.user);
    }
  }

  /** Off while invalidations may be missed (the notification connection is down): nothing kept, nothing served. */
  setKeeping(keeping: boolean): void {
    this.keeping = keeping;
    this.drop("all");
  }

  private remove(id: string, userId: number): void {
    this.entries.delete(id);
    const ids = this.byUser.get(userId);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(userId);
  }
}

/** `u12`, `s<hash>`, `*`: one NOTIFY payload per change. */
function encodeChange(change: SessionChange): string {
  if (change === "all") return "*";
  return "sessionId" in change ? `s${change.sessionId}` : `u${change.userId}`;
}

function decodeChange(message: string): SessionChange {
  const id = Number(message.slice(1));
  if (message.startsWith("u") && Number.isSafeInteger(id)) return { userId: id };
  if (message.startsWith("s") && message.length > 1) return { sessionId: message.slice(1) };
  // "*", or a message this version does not know: dropping everything is always safe.
  return "all";
}

interface Registration {
  cache: SessionCache;
  publish?: (message: string) => void;
}

/** Every app in this process on one database (tests run two on one PGlite), by the database's Db object. */
const registry = new WeakMap<object, Set<Registration>>();

/**
 * Call AFTER the write has committed (a transaction's `tx` is not the database: pass the outer `db`): drops the
 * change in every app of this process on `db` at once and tells the other instances. Without an app on `db` in this
 * process (the admin command line on PostgreSQL) it still tells them.
 */
export async function sessionsChanged(db: Db, change: SessionChange): Promise<void> {
  const registrations = registry.get(db);
  if (!registrations?.size) {
    // NOTE: "cli" is nobody's self id, so every instance listening hears it; on PGlite nobody listens.
    await db.execute(sql`select pg_notify(${SESSION_CACHE_CHANNEL}, ${`cli ${encodeChange(change)}`})`);
    return;
  }
  let told = false;
  for (const registration of registrations) {
    registration.cache.drop(change);
    if (!told && registration.publish) {
      registration.publish(encodeChange(change));
      told = true;
    }
  }
}

/**
 * Like sessionsChanged, except that `app`'s own cache keeps its entries: the caller has brought them up to date in
 * place (Marin's charge, ai/bookkeeping.ts, writes the new prompt counts into the cached user row). Every other app of
 * this process on the same database drops the change, and the other instances hear it through this app's own bus
 * (its own messages come back to it ignored, so it keeps its entry).
 */
export function sessionsChangedElsewhere(app: FastifyInstance, change: SessionChange): void {
  for (const registration of registry.get(app.deps.database.db) ?? []) {
    if (registration.cache === app.sessionCache) registration.publish?.(encodeChange(change));
    else registration.cache.drop(change);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
  interface FastifyContextConfig {
    /**
     * A write route that may take its signed-in session from the session cache like a read (Marin's, decision 0045)
     * and announces its own changes to it: the app's generic "drop the writer's sessions" hook skips it.
     */
    sessionFromCache?: boolean;
  }
}

export function registerSessionCache(app: FastifyInstance, options: SessionCacheOptions = {}): void {
  const cache = new SessionCache(options);
  const db = app.deps.database.db;
  const bus = startInvalidationBus(
    app,
    {
      onMessage: (message) => cache.drop(decodeChange(message)),
      onLost: () => cache.setKeeping(false),
      onListening: () => cache.setKeeping(true),
    },
    { channel: SESSION_CACHE_CHANNEL, name: "session cache" },
  );
  const registration: Registration = { cache, publish: bus ? (message) => bus.publish(message) : undefined };
  let registrations = registry.get(db);
  if (!registrations) {
    registrations = new Set();
    registry.set(db, registrations);
  }
  registrations.add(registration);
  app.addHook("onClose", async () => {
    registrations.delete(registration);
  });
  app.decorate("sessionCache", cache);
}
