// Read counting (issue 17, decision 0031). A read is counted in memory, synchronously and without a query; every
// few seconds (and when the app closes) the batch goes to the database in one transaction of additive upserts, so
// any number of instances add up. A reader is HMAC(day's salt, who): a signed-in user by id, a signed-out one by
// address and user agent. Neither is ever stored, and the salt is deleted when its day ends (read-salts.ts).
import { createHmac } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../accounts/sessions";
import type { Db } from "../db/client";
import { addReader, type Batch, leaveOutAuthors, newBatch, SEP, storyDay } from "./read-batch";
import { loadSalts, utcDay } from "./read-salts";
import { addChapters, addDays, insertMarks } from "./read-store";

export interface CountReadInput {
  storyId: number;
  /** The chapter being read (1-based), when the reader shows one; the whole story otherwise. */
  chapter?: number;
  /** Who reads: the signed-in user, or the address and user agent of a signed-out one (hashed at once). */
  request: FastifyRequest;
  /** False when the reader only reached another chapter of a story it already opened: no new read, only reach. */
  open?: boolean;
}

/** Tunables; tests may change them before building an app (and put them back). */
export const READ_COUNTING = {
  /** False counts nothing: only the bench turns it off, to measure a read with and without counting in one run. */
  enabled: true,
  flushEveryMs: 5_000,
  /** A batch this large is flushed at once rather than at the next tick. */
  maxPendingMarks: 20_000,
  /** Kept for a retry when the database is down; past this, the oldest reader marks of the batch are dropped. */
  maxRetainedMarks: 200_000,
  /**
   * A reader's reads of one story this close together are one read (a reload, the app and then the public page, a
   * return from another tab): one sitting, as web analytics count a visit (docs/decisions/0051-writer-side-fixes.md).
   */
  readWindowMs: 30 * 60 * 1000,
  /** Readers remembered for the window, per instance; past this, the oldest are forgotten (and may count again). */
  maxWindowReaders: 100_000,
};

/** Link previews, crawlers and audits are not readers. */
const NOT_A_READER = /bot|crawl|spider|slurp|preview|lighthouse|facebookexternalhit|curl|wget/i;
const DAY_MS = 24 * 60 * 60 * 1000;
/** User agents already tested against NOT_A_READER (readers send the same few again and again); oldest out first. */
const AGENTS_REMEMBERED = 512;
const AGENT_CHARS_REMEMBERED = 512;

/** A signed-out reader as counted: who (not yet hashed), and whether their user agent is a reader's at all. */
interface Visitor {
  agent: string;
  ip: string;
  reader: boolean;
  who: string;
}

export interface ReadCounter {
  count(input: CountReadInput): void;
  /** Writes what is pending; resolves when it is in the database (or kept for a retry after a failure). */
  flush(): Promise<void>;
  /** What is waiting in memory (for tests): reads, and readers of a story, day and chapter (each once). */
  pending(): { reads: number; marks: number };
}

declare module "fastify" {
  interface FastifyInstance {
    readCounter: ReadCounter;
  }
}

/** Counts one read of a story (decision 0031): a few map updates on the request, never a query or a hash. */
export function countRead(input: CountReadInput): void {
  input.request.server.readCounter.count(input);
}

export function createReadCounter(
  db: Db,
  now: () => Date,
  log: { warn(details: object, message: string): void },
): ReadCounter & { loadSalts(): Promise<void> } {
  let batch = newBatch();
  let salts = new Map<string, string>();
  /** Hashed marks (`${storyId}|${day}|${reader}|${chapter}`) of a flush that failed, for the next one. */
  let retry = new Set<string>();
  let flushing: Promise<void> | undefined;

  const refreshSalts = async () => {
    if (salts.has(utcDay(now()))) return;
    salts = await loadSalts(db, now());
  };
  const hash = (salt: string, who: string) => createHmac("sha256", salt).update(who).digest("base64url").slice(0, 22);

  // The UTC day of the last read, and the times it spans: toISOString once a day, not once a read.
  let day = "";
  let dayFrom = 0;
  let dayTo = 0;
  const dayAt = (at: number): string => {
    if (at < dayFrom || at >= dayTo) {
      dayFrom = at - (((at % DAY_MS) + DAY_MS) % DAY_MS);
      dayTo = dayFrom + DAY_MS;
      day = utcDay(new Date(dayFrom));
    }
    return day;
  };

  const agents = new Map<string, boolean>();
  const isReaderAgent = (agent: string): boolean => {
    const known = agents.get(agent);
    if (known !== undefined) return known;
    const reader = !NOT_A_READER.test(agent);
    if (agent.length <= AGENT_CHARS_REMEMBERED) {
      if (agents.size >= AGENTS_REMEMBERED) agents.delete(agents.keys().next().value as string);
      agents.set(agent, reader);
    }
    return reader;
  };

  /**
   * The last visitor seen on each connection: a browser sends its reads over one keep-alive connection with the
   * same user agent, so a repeat costs two string comparisons instead of a lookup by the agent and a new `who`
   * string to hash. NOTE: the address is compared too: behind a proxy one connection carries many clients.
   */
  const visitors = new WeakMap<object, Visitor>();
  const visitorOf = (request: FastifyRequest): Visitor => {
    const agent = request.headers["user-agent"] ?? "";
    const ip = request.ip;
    const socket = request.raw.socket as object | undefined;
    const known = socket && visitors.get(socket);
    if (known && known.agent === agent && known.ip === ip) return known;
    const visitor = { agent, ip, reader: isReaderAgent(agent), who: `a${SEP}${ip}${SEP}${agent}` };
    if (socket) visitors.set(socket, visitor);
    return visitor;
  };

  /**
   * When each reader's last counted read of each story was (`${day}${SEP}${storyId}${SEP}${who}`), oldest first. NOTE: held in
   * memory for the window only, never written; another instance has its own (a reader it also serves may count
   * once more there).
   */
  const lastRead = new Map<string, number>();
  const firstOfSitting = (day: string, storyId: number, who: string, at: number): boolean => {
    // NOTE: by day too, so a day's readers never outnumber its reads (a sitting across midnight is a read of each).
    const key = `${day}${SEP}${storyId}${SEP}${who}`;
    const last = lastRead.get(key);
    if (last !== undefined && at - last < READ_COUNTING.readWindowMs) return false;
    lastRead.delete(key);
    lastRead.set(key, at);
    if (lastRead.size > READ_COUNTING.maxWindowReaders) lastRead.delete(lastRead.keys().next().value as string);
    return true;
  };
  const forgetPastSittings = () => {
    const before = now().getTime() - READ_COUNTING.readWindowMs;
    for (const [key, at] of lastRead) {
      if (at > before) break;
      lastRead.delete(key);
    }
  };

  const count = ({ storyId, chapter, request, open = true }: CountReadInput) => {
    if (!READ_COUNTING.enabled || request.method === "HEAD") return;
    const visitor = visitorOf(request);
    if (!visitor.reader) return;
    const at = now().getTime();
    const day = dayAt(at);
    const entry = storyDay(batch, day, storyId);
    // NOTE: a session cookie is only read here (cookies are parsed anyway); the flush looks it up, off the request.
    const token = request.user ? undefined : request.cookies?.[SESSION_COOKIE];
    const who = request.user
      ? `u${SEP}${request.user.id}`
      : token
        ? `s${SEP}${token.replaceAll(SEP, "")}${SEP}${visitor.who}`
        : visitor.who;
    if (open) {
      if (firstOfSitting(day, storyId, who, at)) {
        if (who === visitor.who) entry.reads++;
        else entry.known.set(who, (entry.known.get(who) ?? 0) + 1);
      }
      addReader(batch, entry, 0, who);
    }
    if (chapter !== undefined) addReader(batch, entry, chapter, who);
    if (batch.marks >= READ_COUNTING.maxPendingMarks) void flush();
  };

  /** The batch's readers as hashed marks; those of a day whose salt is not loaded go back to wait for it. */
  const hashMarks = (taken: Batch): Set<string> => {
    const marks = retry;
    retry = new Set();
    const today = utcDay(now());
    for (const [day, byStory] of taken.days) {
      const salt = salts.get(day);
      for (const [storyId, entry] of byStory) {
        for (const [chapter, readers] of entry.readers) {
          for (const who of readers) {
            if (salt) {
              marks.add(`${storyId}|${day}|${hash(salt, who)}|${chapter}`);
            } else if (day >= today && batch.marks < READ_COUNTING.maxRetainedMarks) {
              // NOTE: a past day's salt is gone on purpose; its last few seconds of readers stay uncounted as
              // readers (their reads are counted). Today's wait for the salt to load.
              addReader(batch, storyDay(batch, day, storyId), chapter, who);
            }
          }
        }
      }
    }
    return marks;
  };

  /** The batch's reads by `${storyId}|${day}`. */
  const readsOf = (taken: Batch): Map<string, number> => {
    const reads = new Map<string, number>();
    for (const [day, byStory] of taken.days) {
      for (const [storyId, entry] of byStory) if (entry.reads > 0) reads.set(`${storyId}|${day}`, entry.reads);
    }
    return reads;
  };

  const write = async (reads: Map<string, number>, marks: Set<string>) => {
    await db.transaction(async (tx) => {
      const fresh = await insertMarks(tx as Db, [...marks]);
      const perDay = new Map<string, { reads: number; readers: number }>();
      for (const [key, n] of reads) perDay.set(key, { reads: n, readers: 0 });
      const perChapter = new Map<string, number>();
      for (const row of fresh) {
        if (row.chapter === 0) {
          const key = `${row.storyId}|${row.day}`;
          const entry = perDay.get(key) ?? { reads: 0, readers: 0 };
          entry.readers++;
          perDay.set(key, entry);
        } else {
          const key = `${row.storyId}|${row.chapter}`;
          perChapter.set(key, (perChapter.get(key) ?? 0) + 1);
        }
      }
      await addDays(tx as Db, perDay);
      await addChapters(tx as Db, perChapter);
    });
  };

  const flushOnce = async () => {
    forgetPastSittings();
    try {
      await refreshSalts();
    } catch (error) {
      log.warn({ error: (error as Error).message }, "read counting: could not load the day's salt");
    }
    const taken = batch;
    batch = newBatch();
    try {
      await leaveOutAuthors(db, taken, now());
    } catch (error) {
      // Nothing was written: the batch waits for the next flush.
      for (const [day, byStory] of taken.days) {
        for (const [storyId, entry] of byStory) {
          const into = storyDay(batch, day, storyId);
          into.reads += entry.reads;
          for (const [who, n] of entry.known) into.known.set(who, (into.known.get(who) ?? 0) + n);
          for (const [chapter, readers] of entry.readers) {
            for (const who of readers) {
              if (batch.marks < READ_COUNTING.maxRetainedMarks) addReader(batch, into, chapter, who);
            }
          }
        }
      }
      log.warn({ error: (error as Error).message }, "read counting: flush failed; retrying with the next batch");
      return;
    }
    const marks = hashMarks(taken);
    const reads = readsOf(taken);
    if (reads.size === 0 && marks.size === 0) return;
    try {
      await write(reads, marks);
    } catch (error) {
      // Nothing was written (one transaction): the counts go back to be tried again with the next batch.
      for (const [day, byStory] of taken.days) {
        for (const [storyId, entry] of byStory) storyDay(batch, day, storyId).reads += entry.reads;
      }
      for (const m of marks) {
        if (retry.size >= READ_COUNTING.maxRetainedMarks) break;
        retry.add(m);
      }
      log.warn({ error: (error as Error).message }, "read counting: flush failed; retrying with the next batch");
    }
  };

  const flush = (): Promise<void> => {
    // NOTE: one flush at a time; a flush asked for during one runs right after it (with what came meanwhile).
    const next = (flushing ?? Promise.resolve()).then(flushOnce);
    flushing = next;
    return next.finally(() => {
      if (flushing === next) flushing = undefined;
    });
  };

  return {
    count,
    flush,
    pending: () => {
      let reads = 0;
      for (const byStory of batch.days.values()) {
        for (const entry of byStory.values()) {
          reads += entry.reads;
          for (const n of entry.known.values()) reads += n;
        }
      }
      return { reads, marks: batch.marks + retry.size };
    },
    loadSalts: refreshSalts,
  };
}

/** Decorates the app with its counter: flushed every few seconds, and once more when the app closes. */
export function registerReadCounter(app: FastifyInstance): void {
  const counter = createReadCounter(app.deps.database.db, app.deps.now, app.log);
  app.decorate("readCounter", counter);
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    try {
      await counter.loadSalts();
    } catch (error) {
      app.log.warn({ error: (error as Error).message }, "read counting: salt not loaded yet; the first flush retries");
    }
    // NOTE: unref'd: pending counts never keep the process alive; onClose writes them.
    timer = setInterval(() => void counter.flush(), READ_COUNTING.flushEveryMs).unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await counter.flush();
  });
}
