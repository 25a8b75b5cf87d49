// Google sign-in as a plain OpenID Connect client (discovery from GOOGLE_ISSUER): code flow with PKCE, state and nonce.
import * as oidc from "openid-client";
import type { Config } from "../env";

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

/** What the browser carries between the redirect out and the callback, in an httpOnly cookie. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
}

export interface GoogleClient {
  start(): Promise<{ url: URL; pending: PendingSignIn }>;
  finish(callbackUrl: URL, pending: PendingSignIn): Promise<GoogleIdentity>;
}

export const googleCallbackUrl = (config: Config) => `${config.APP_URL}/api/auth/google/callback`;

export function createGoogleClient(config: Config): GoogleClient | undefined {
  const clientId = config.GOOGLE_CLIENT_ID;
  if (!clientId) return undefined;
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= discover(config, clientId).catch((error: unknown) => {
      discovered = undefined; // try again on the next sign-in rather than caching an outage
      throw error;
    });
    return discovered;
  };

  return {
    async start() {
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: googleCallbackUrl(config),
        response_type: "code",
        scope: "openid email profile",
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: "S256",
      });
      return { url, pending };
    },
    async finish(callbackUrl, pending) {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== "string" || claims.email === "") {
        throw new Error("the ID token carries no email");
      }
      return {
        sub: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === "string" ? claims.name : undefined,
      };
    },
  };
}

async function discover(config: Config, clientId: string): Promise<oidc.Configuration> {
  const issuer = new URL(config.GOOGLE_ISSUER);
  // NOTE: plain http is only ever a local test provider; Google itself is https.
  const insecure = issuer.protocol === "http:" && config.NODE_ENV !== "production";
  return oidc.discovery(
    issuer,
    clientId,
    undefined,
    oidc.ClientSecretBasic(config.GOOGLE_CLIENT_SECRET),
    insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
}
