// A real HTTP server on 127.0.0.1 standing in for Stripe's API (STRIPE_API_BASE): customers, Checkout Sessions and
// billing-portal sessions from form-encoded bodies, Idempotency-Key honoured as Stripe does it. It records every
// request and can be told to fail the ways Stripe does (a card error with its message, a 500, a bad key).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StripePeerRequest {
  method: string;
  path: string;
  /** The form body with Stripe's nested keys kept as written: `line_items[0][price]`. */
  body: Record<string, string>;
  headers: IncomingMessage["headers"];
}

export type StripePeerFailure =
  | { kind: "none" }
  /** A 402 card_error carrying `message` (Stripe's way of saying "this card was declined"). */
  | { kind: "card-error"; message: string }
  | { kind: "status-500" }
  /** A 401 authentication_error quoting the key, as Stripe's says it. */
  | { kind: "bad-key" };

export interface StripePeer {
  /** For STRIPE_API_BASE. */
  url: string;
  requests: StripePeerRequest[];
  /** Requests to `path` (e.g. "/v1/customers"). */
  requestsTo(path: string): StripePeerRequest[];
  /** How the following requests are answered (until reset). */
  fail(failure: StripePeerFailure): void;
  /** Answers every request after `ms`. */
  delay(ms: number): void;
  reset(): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(parts).toString("utf8")));
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
  res.end(JSON.stringify(body));
}

function failWith(res: ServerResponse, failure: StripePeerFailure): boolean {
  if (failure.kind === "card-error") {
    json(res, 402, { error: { type: "card_error", code: "card_declined", message: failure.message } });
  } else if (failure.kind === "status-500") {
    json(res, 500, { error: { type: "api_error", message: "Something went wrong on Stripe's end." } });
  } else if (failure.kind === "bad-key") {
    json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****wxyz" } });
  } else {
    return false;
  }
  return true;
}

/** The object Stripe would answer for a POST to `path`, or undefined for a path it does not know. */
function created(path: string, body: Record<string, string>): Record<string, unknown> | undefined {
  const now = Math.floor(Date.now() / 1000);
  if (path === "/v1/customers") {
    return {
      id: id("cus"),
      object: "customer",
      email: body.email,
      created: now,
      metadata: { userId: body["metadata[userId]"] },
    };
  }
  if (path === "/v1/checkout/sessions") {
    const sessionId = id("cs_test");
    return {
      id: sessionId,
      object: "checkout.session",
      mode: body.mode,
      customer: body.customer,
      client_reference_id: body.client_reference_id,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      status: "open",
      created: now,
    };
  }
  if (path === "/v1/billing_portal/sessions") {
    const sessionId = id("bps");
    return {
      id: sessionId,
      object: "billing_portal.session",
      customer: body.customer,
      return_url: body.return_url,
      url: `https://billing.stripe.test/p/session/${sessionId}`,
      created: now,
    };
  }
  return undefined;
}

/** DELETE /v1/subscriptions/{id}: the subscription, canceled at once; `sub_missing…` is one Stripe does not know. */
function deleted(path: string): Record<string, unknown> | undefined {
  const match = /^\/v1\/subscriptions\/(sub_[A-Za-z0-9_]+)$/.exec(path);
  if (!match || match[1]!.startsWith("sub_missing")) return undefined;
  const now = Math.floor(Date.now() / 1000);
  return { id: match[1], object: "subscription", status: "canceled", canceled_at: now, ended_at: now };
}

export async function startStripePeer(): Promise<StripePeer> {
  const requests: StripePeerRequest[] = [];
  // Stripe answers a repeated Idempotency-Key with the first answer.
  const idempotent = new Map<string, Record<string, unknown>>();
  let failure: StripePeerFailure = { kind: "none" };
  let delayMs = 0;

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").split("?")[0]!;
    const body = await readForm(req);
    requests.push({ method: req.method ?? "GET", path, body, headers: req.headers });
    if (failWith(res, failure)) return;
    const key = req.headers["idempotency-key"];
    const cacheKey = typeof key === "string" ? `${path} ${key}` : undefined;
    // NOTE: looked up and stored before the delay, so concurrent requests with one key get one object, as on Stripe.
    const object =
      (cacheKey && idempotent.get(cacheKey)) ||
      (req.method === "POST" ? created(path, body) : req.method === "DELETE" ? deleted(path) : undefined);
    if (cacheKey && object) idempotent.set(cacheKey, object);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (!object && /^\/v1\/subscriptions\/sub_missing/.test(path)) {
      return json(res, 404, {
        error: { type: "invalid_request_error", code: "resource_missing", message: "No such subscription" },
      });
    }
    if (!object) {
      return json(res, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path}).` },
      });
    }
    json(res, 200, object);
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    fail(next) {
      failure = next;
    },
    delay(ms) {
      delayMs = ms;
    },
    reset() {
      failure = { kind: "none" };
      delayMs = 0;
      requests.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
