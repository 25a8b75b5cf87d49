// Google sign-in as a plain OpenID Connect client (discovery from GOOGLE_ISSUER): code flow with PKCE, state and
// nonce; email and name from the ID token, or from userinfo when the issuer gives them only there.
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
      const idToken = tokens.claims();
      if (!idToken) throw new Error("the provider sent no ID token");
      if (hasEmail(idToken)) return identityFrom(idToken, idToken);
      // NOTE: OIDC Core 5.4: when an access token is issued, the scope's claims may be given only at userinfo.
      const userinfo = await oidc.fetchUserInfo(await configuration(), tokens.access_token, idToken.sub);
      if (!hasEmail(userinfo)) throw new Error("neither the ID token nor userinfo carries an email");
      return identityFrom(idToken, userinfo);
    },
  };
}

type Claims = oidc.IDToken | oidc.UserInfoResponse;

const hasEmail = (claims: Claims) => typeof claims.email === "string" && claims.email !== "";

/** email and email_verified come from the same source; the name from whichever carries one. */
function identityFrom(idToken: oidc.IDToken, source: Claims): GoogleIdentity {
  const name = [source.name, idToken.name].find((value) => typeof value === "string" && value !== "");
  return {
    sub: idToken.sub,
    email: source.email as string,
    // Some issuers send the string "true"; anything else counts as not verified.
    emailVerified: source.email_verified === true || source.email_verified === "true",
    name: name as string | undefined,
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
