// Unsubscribe links: tokens signed with HMAC-SHA256 naming the user, the scope and the user's token generation.
// Nothing is stored per token: turning email back on raises the generation, so every older link stops working.
import { loadNamedKey } from "../db/named-key";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/client";

/** What a link turns off. Only 'all' (every notification email) is issued: docs/decisions/0030. */
export type UnsubscribeScope = "all";

export interface UnsubscribeClaim {
  userId: number;
  scope: UnsubscribeScope;
  generation: number;
}

const VERSION = "u1";
const TOKEN = /^u1\.([1-9]\d{0,9})\.(\d{1,9})\.(all)\.([A-Za-z0-9_-]{43})$/;

const mac = (key: Buffer, payload: string) =>
  createHmac("sha256", key).update(`unsubscribe:${payload}`).digest("base64url");

export function signUnsubscribeToken(key: Buffer, claim: UnsubscribeClaim): string {
  const payload = `${VERSION}.${claim.userId}.${claim.generation}.${claim.scope}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The claim a token makes, or undefined when it is malformed or its signature is not ours. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaim | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const [, userId, generation, scope, signature] = match;
  const expected = Buffer.from(mac(key, `${VERSION}.${userId}.${generation}.${scope}`));
  const given = Buffer.from(signature!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId: Number(userId), generation: Number(generation), scope: scope as UnsubscribeScope };
}

const KEY_NAME = "unsubscribe-hmac";

/**
 * The signing key: APP_SECRET when configured; otherwise a random key made once and kept in the database, so every
 * instance and every restart signs and checks with the same key (a per-process key would break mailed links).
 */
export function loadSigningKey(db: Db, appSecret: string | undefined): Promise<Buffer> {
  return loadNamedKey(db, appSecret, KEY_NAME);
}

/** loadSigningKey once per process (the key never changes while it runs). */
export function signingKeyLoader(db: Db, appSecret: string | undefined): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () => {
    key ??= loadSigningKey(db, appSecret).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}
