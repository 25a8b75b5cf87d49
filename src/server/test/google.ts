// Test helpers for Google sign-in: a certified OIDC provider per claims mode, and the browser's trip through it.
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { send, TEST_APP_URL, type TestContext } from "./app";
import { type OidcProviderPeer, type OidcProviderPeerOptions, startOidcProviderPeer } from "./oidc-provider-peer";

export const GOOGLE_FAILED = "/auth?error=oauth_sync_failed";
export const CLAIM_MODES: OidcProviderPeerOptions["claims"][] = ["id_token", "userinfo"];

export function startGoogleProvider(claims: OidcProviderPeerOptions["claims"]): Promise<OidcProviderPeer> {
  return startOidcProviderPeer({ claims, redirectUri: `${TEST_APP_URL}/api/auth/google/callback` });
}

/** The app's configuration for signing in with the given provider. */
export const googleEnv = (oidc: OidcProviderPeer) => ({
  GOOGLE_CLIENT_ID: oidc.clientId,
  GOOGLE_CLIENT_SECRET: oidc.clientSecret,
  GOOGLE_ISSUER: oidc.issuer,
});

export const pendingCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === "ff_oauth");
  if (!cookie) throw new Error("no ff_oauth cookie");
  return cookie;
};

/**
 * Starts at /api/auth/google, goes through the provider's login and consent, and returns the callback path and
 * the state cookie. `tamper` may change the authorization request on its way to the provider.
 */
export async function throughProvider(ctx: TestContext, oidc: OidcProviderPeer, tamper?: (url: URL) => void) {
  const start = await send(ctx.app, "GET", "/api/auth/google");
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  expect(authorizeUrl.origin).toBe(oidc.issuer);
  const q = new URLSearchParams(authorizeUrl.searchParams);
  expect(q.get("redirect_uri")).toBe(`${TEST_APP_URL}/api/auth/google/callback`);
  expect(q.get("code_challenge_method")).toBe("S256");
  expect(q.get("scope")).toBe("openid email profile");
  expect(q.get("state")?.length).toBeGreaterThan(20);
  expect(q.get("nonce")?.length).toBeGreaterThan(20);
  const cookie = pendingCookie(start);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/google", maxAge: 600 });

  tamper?.(authorizeUrl);
  const back = await oidc.authorize(authorizeUrl.href);
  expect(back.origin).toBe(TEST_APP_URL);
  return { path: back.pathname + back.search, cookie: `ff_oauth=${cookie.value}`, state: q.get("state")! };
}

/** The browser's return to the app's callback; always a redirect. */
export async function callback(ctx: TestContext, path: string, cookie?: string) {
  const response = await ctx.app.inject({ method: "GET", url: path, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(302);
  return response;
}

/** The whole sign-in as `account` at the provider; answers the app's final redirect. */
export async function signInWithGoogle(
  ctx: TestContext,
  oidc: OidcProviderPeer,
  account: Parameters<OidcProviderPeer["signInAs"]>[0],
) {
  oidc.signInAs(account);
  const { path, cookie } = await throughProvider(ctx, oidc);
  return callback(ctx, path, cookie);
}
