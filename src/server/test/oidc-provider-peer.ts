// A certified OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for tests. Its login and consent
// pages are replaced by one interaction route that signs in whoever the test chose with signInAs, so the browser's
// trip through the provider is plain HTTP requests with cookies. Two modes: email and name in the ID token (as
// Google does), or only at the userinfo endpoint (conformIdTokenClaims, OIDC Core 5.4).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

/**
 * The peer's RS256 signing key, a fixed 2048-bit RSA key made for these tests only (it signs nothing else). NOTE: not
 * generated per peer: on Node 20, exporting a freshly generated key as a JWK can deadlock the thread when a garbage
 * collection lands inside the export (the key-generation job's destructor waits on the key's lock, which the export
 * holds). It hung a unit worker for good in CI (docs/decisions/0111-session-49.md).
 */
const SIGNING_KEY = JSON.parse(
  readFileSync(new URL("./oidc-peer-signing-key.json", import.meta.url), "utf8"),
) as Record<string, string>;

export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OidcProviderPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in and consents at the next authorization; nobody (access_denied) when not called. */
  signInAs(account: OidcAccount): void;
  /** Visits an authorization URL as a browser would, through login and consent; answers the redirect back. */
  authorize(url: string): Promise<URL>;
  /** How many userinfo requests the provider answered. */
  userinfoRequests(): number;
  close(): Promise<void>;
}

export interface OidcProviderPeerOptions {
  /** Where email, email_verified and name are given: in the ID token, or only at the userinfo endpoint. */
  claims: "id_token" | "userinfo";
  redirectUri: string;
}

const INTERACTION = "/interaction/";

export async function startOidcProviderPeer(options: OidcProviderPeerOptions): Promise<OidcProviderPeer> {
  const clientId = "ficforge-test";
  const clientSecret = randomBytes(16).toString("hex");
  const accounts = new Map<string, OidcAccount>();
  let next: OidcAccount | undefined;
  let userinfoCount = 0;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: options.claims === "userinfo",
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
    },
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `${INTERACTION}${interaction.uid}` },
    jwks: { keys: [{ ...SIGNING_KEY, kid: "test", alg: "RS256", use: "sig" }] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    pkce: { required: () => true },
    // Explicit lifetimes (seconds) keep the provider from printing a notice for each default it falls back to.
    ttl: { AccessToken: 300, AuthorizationCode: 60, Grant: 600, IdToken: 300, Interaction: 600, Session: 600 },
  };

  let issuer = "";
  let provider: Provider | undefined;
  const server = createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end();
    if (req.url?.startsWith(INTERACTION)) {
      return void interact(provider, req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    }
    if (req.url?.startsWith("/me")) userinfoCount++;
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, configuration);

  /** The provider's login, then consent, prompts: answered for the chosen account without any page. */
  async function interact(p: Provider, req: IncomingMessage, res: ServerResponse) {
    const details = await p.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      const account = next;
      next = undefined;
      if (!account) {
        const denied = { error: "access_denied", error_description: "nobody signed in" };
        return p.interactionFinished(req, res, denied, { mergeWithLastSubmission: false });
      }
      accounts.set(account.sub, account);
      return p.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    }
    const grant = new p.Grant({ accountId: details.session!.accountId, clientId });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    return p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account;
    },
    async authorize(url) {
      // A fresh cookie jar: every sign-in starts without a provider session, as a new browser would.
      const jar = new Map<string, string>();
      let current = new URL(url);
      for (let hop = 0; hop < 10; hop++) {
        if (current.origin !== issuer) return current;
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
        const response = await fetch(current, { redirect: "manual", headers: cookie ? { cookie } : {} });
        for (const set of response.headers.getSetCookie()) {
          const [pair] = set.split(";");
          const eq = pair!.indexOf("=");
          jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        const location = response.headers.get("location");
        if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
        current = new URL(location, current);
      }
      throw new Error("too many redirects at the provider");
    },
    userinfoRequests: () => userinfoCount,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
