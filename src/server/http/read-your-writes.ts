// request.readDb (decision 0065): the connection for a read that may come from a read replica. Without replicas it
// is request.db. With them, a request that wrote (any method but GET/HEAD/OPTIONS) gets a short-lived signed
// cookie with the primary's WAL position after it; the same browser's reads then go to a replica only once that
// replica has replayed past it, on whichever instance they land. Everyone else reads from any replica in bounds.
import { loadNamedKey } from "../db/named-key";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { parseLsn } from "../db/replicas";

export const WROTE_COOKIE = "ff_wrote";
const KEY_NAME = "read-your-writes-hmac";
const VALUE = /^([0-9A-F]{1,8}\/[0-9A-F]{1,8})\.([A-Za-z0-9_-]{43})$/i;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const mac = (key: Buffer, lsn: string) => createHmac("sha256", key).update(`wrote:${lsn}`).digest("base64url");

/** The position a valid cookie names; undefined for none, and -1 (any replica too old) for one we cannot check. */
export function wroteAt(key: Buffer | undefined, cookie: string | undefined): bigint | undefined {
  if (cookie === undefined) return undefined;
  const match = VALUE.exec(cookie);
  if (!match || !key) return match ? -1n : undefined;
  const expected = Buffer.from(mac(key, match[1]!));
  const given = Buffer.from(match[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return parseLsn(match[1]!);
}

function loadKey(db: Db, appSecret: string | undefined): Promise<Buffer> {
  return loadNamedKey(db, appSecret, KEY_NAME);
}

export function registerReadYourWrites(app: FastifyInstance): void {
  const { database, config } = app.deps;
  const replicas = database.replicas;
  if (!replicas || !database.walPosition) {
    app.decorateRequest("readDb", { getter: () => database.db });
    return;
  }
  let key: Buffer | undefined;
  app.addHook("onReady", async () => {
    key = await loadKey(database.db, config.APP_SECRET);
  });
  // Long enough that once it expires, any replica within the bound has replayed past the write: the bound, plus a
  // probe that may be one interval old, plus a second of slack.
  const maxAge = Math.ceil((config.REPLICA_MAX_LAG_MS + 2 * config.REPLICA_PROBE_MS) / 1000) + 1;
  const secure = config.APP_URL.startsWith("https:") ? "; Secure" : "";
  app.decorateRequest("readDb", {
    getter(this: FastifyRequest) {
      const after = wroteAt(key, this.cookies?.[WROTE_COOKIE]);
      return (after === -1n ? undefined : replicas.pick(after)) ?? database.db;
    },
  });
  app.addHook("onSend", async (request, reply, payload) => {
    // NOTE: refused requests (4xx: a bad origin, a limit, a failed check) changed nothing a replica serves, and
    // must not cost a query each.
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400 || !key) return payload;
    // NOTE: after the handler, so its commit is in the position; a failed lookup means the primary is away, and
    // then nothing was written either.
    const lsn = await database.walPosition!().catch(() => undefined);
    if (lsn) {
      reply.header(
        "set-cookie",
        `${WROTE_COOKIE}=${lsn}.${mac(key, lsn)}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure}`,
      );
    }
    return payload;
  });
}
