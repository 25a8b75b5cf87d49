// The demo checkout's and portal's sessions: stateless signed tokens (HMAC-SHA256) naming the user, their customer,
// where the browser goes back to and when the token expires. Nothing is stored until Pay.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEMO_SESSION_TTL_MS = 60 * 60 * 1000;

export interface DemoCheckout {
  kind: "checkout";
  userId: number;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Tells two sessions of one user apart (the subscription paid with it is named after it). */
  nonce: string;
}

export interface DemoPortal {
  kind: "portal";
  userId: number;
  customerId: string;
  returnUrl: string;
  expiresAt: number;
  nonce: string;
}

export type DemoSession = DemoCheckout | DemoPortal;

export interface DemoTokens {
  sign(session: DemoSession): string;
  /** The session a token names, or undefined when it is forged, of another kind or expired. */
  verify<K extends DemoSession["kind"]>(
    token: string,
    kind: K,
    now: Date,
  ): Extract<DemoSession, { kind: K }> | undefined;
}

export const newNonce = () => randomBytes(9).toString("base64url");

/**
 * `key`: the HMAC key. NOTE: one random key per process (docs/decisions: demo checkout sessions): a restart or
 * another instance turns an open demo checkout into "expired, start again", which a test page can afford.
 */
export function createDemoTokens(key: Buffer = randomBytes(32)): DemoTokens {
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    sign(session) {
      const payload = Buffer.from(JSON.stringify(session)).toString("base64url");
      return `${payload}.${mac(payload)}`;
    },
    verify(token, kind, now) {
      const [payload = "", signature = "", ...rest] = token.split(".");
      if (rest.length > 0 || !sameText(signature, mac(payload))) return undefined;
      let session: DemoSession;
      try {
        session = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        return undefined;
      }
      if (session.kind !== kind || !(session.expiresAt > now.getTime())) return undefined;
      return session as Extract<DemoSession, { kind: typeof kind }>;
    },
  };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
