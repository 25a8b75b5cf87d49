// A small OpenID Connect provider on 127.0.0.1 for tests: discovery, authorization code with PKCE (S256),
// a token endpoint with client_secret_basic, and RS256 ID tokens signed with a key made at start.
// The "user" who consents is whoever the test chose with signInAs; no login page is involved.
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who consents at the next authorization; extra ID-token claims override the real ones (e.g. a wrong nonce). */
  signInAs(account: OidcAccount, idTokenOverrides?: Record<string, unknown>): void;
  /** Visits an authorization URL as the browser would and answers where the provider redirected it. */
  authorize(url: string): Promise<URL>;
  /** Token requests that were refused, with the reason; a test can assert none happened. */
  refusals: string[];
  close(): Promise<void>;
}

interface Grant {
  redirectUri: string;
  nonce?: string;
  challenge: string;
  account: OidcAccount;
  overrides: Record<string, unknown>;
  used: boolean;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

export async function startOidcPeer(clientId = "ficforge-test", clientSecret = "test-secret"): Promise<OidcPeer> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  const grants = new Map<string, Grant>();
  const refusals: string[] = [];
  let next: { account: OidcAccount; overrides: Record<string, unknown> } | undefined;
  let issuer = "";

  const idToken = (grant: Grant) => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: issuer, aud: clientId, iat: now, exp: now + 300, nonce: grant.nonce, ...grant.account };
    const input = `${b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }))}.${b64url(JSON.stringify({ ...claims, ...grant.overrides }))}`;
    return `${input}.${b64url(sign("sha256", Buffer.from(input), privateKey))}`;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };

  const authorizeEndpoint = (url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri");
    if (q.get("client_id") !== clientId || !redirectUri) return json(res, 400, { error: "invalid_client" });
    const back = new URL(redirectUri);
    back.searchParams.set("iss", issuer);
    if (q.get("state")) back.searchParams.set("state", q.get("state")!);
    const challenge = q.get("code_challenge");
    if (q.get("response_type") !== "code" || q.get("code_challenge_method") !== "S256" || !challenge) {
      back.searchParams.set("error", "invalid_request");
    } else if (!next) {
      back.searchParams.set("error", "access_denied");
    } else {
      const code = randomBytes(16).toString("base64url");
      grants.set(code, { redirectUri, nonce: q.get("nonce") ?? undefined, challenge, ...next, used: false });
      back.searchParams.set("code", code);
      next = undefined;
    }
    res.writeHead(302, { location: back.href });
    res.end();
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const refuse = (reason: string, error = "invalid_grant") => {
      refusals.push(reason);
      json(res, error === "invalid_client" ? 401 : 400, { error, error_description: reason });
    };
    const [scheme, credentials] = (req.headers.authorization ?? "").split(" ");
    const [id, secret] = Buffer.from(credentials ?? "", "base64")
      .toString()
      .split(":")
      .map(decodeURIComponent);
    if (scheme !== "Basic" || id !== clientId || secret !== clientSecret) return refuse("bad client", "invalid_client");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    const grant = grants.get(form.get("code") ?? "");
    if (form.get("grant_type") !== "authorization_code" || !grant || grant.used) return refuse("unknown or used code");
    grant.used = true;
    if (form.get("redirect_uri") !== grant.redirectUri) return refuse("redirect_uri mismatch");
    const verifier = form.get("code_verifier") ?? "";
    if (b64url(createHash("sha256").update(verifier).digest()) !== grant.challenge) return refuse("PKCE mismatch");
    json(res, 200, {
      access_token: randomBytes(16).toString("hex"),
      token_type: "Bearer",
      expires_in: 300,
      id_token: idToken(grant),
    });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (req.method === "GET" && url.pathname === "/.well-known/openid-configuration") {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
        authorization_response_iss_parameter_supported: true,
        scopes_supported: ["openid", "email", "profile"],
      });
    }
    if (req.method === "GET" && url.pathname === "/jwks") {
      return json(res, 200, { keys: [{ ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] });
    }
    if (req.method === "GET" && url.pathname === "/authorize") return authorizeEndpoint(url, res);
    if (req.method === "POST" && url.pathname === "/token") {
      return void tokenEndpoint(req, res).catch(() => json(res, 500, { error: "server_error" }));
    }
    json(res, 404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    refusals,
    signInAs(account, idTokenOverrides = {}) {
      next = { account, overrides: idTokenOverrides };
    },
    async authorize(url) {
      const response = await fetch(url, { redirect: "manual" });
      const location = response.headers.get("location");
      if (response.status !== 302 || !location) throw new Error(`authorize answered ${response.status}`);
      return new URL(location);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
