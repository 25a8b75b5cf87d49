// Graceful shutdown (issue 19, decision 0038): on SIGTERM the instance first says it is not ready (`/readyz` 503)
// and closes each kept-alive connection after its next answer, so a proxy or orchestrator stops choosing it; then it
// stops accepting, lets in-flight requests and Marin's streams finish (up to a cap), and only then closes the rest.
import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** True from the shutdown signal on: `/readyz` answers 503 and every answer closes its connection. */
    draining: boolean;
  }
}

/** The answer to a read turned away while draining (nginx retries it elsewhere; a lone instance's client sees it). */
export const RESTARTING = {
  message: "FicForge is restarting. Please try again in a moment.",
  code: "RESTARTING",
} as const;

const inFlight = new WeakMap<FastifyInstance, { count: number; idle: Array<() => void> }>();

export function registerDrain(app: FastifyInstance): void {
  app.decorate("draining", false);
  const state = { count: 0, idle: [] as Array<() => void> };
  inFlight.set(app, state);
  const finished = () => {
    state.count--;
    if (state.count === 0) for (const resolve of state.idle.splice(0)) resolve();
  };
  app.addHook("onRequest", (request, reply, done) => {
    // NOTE: 'close' follows the end of every answer, a Marin stream's included, and a client that went away.
    state.count++;
    reply.raw.once("close", finished);
    // NOTE: a proxy's kept-alive connection must not be reused once we are about to close: a request sent on it as
    // it closes would fail after being sent, and nginx never retries a POST that may have reached the app.
    if (app.draining) {
      reply.header("connection", "close");
      // A read that came through the proxy is turned away with 503: nginx retries it on the other instance and takes
      // this one out of its rotation (max_fails=1), so no new connection is in the listener's queue when it closes
      // (those would be reset after nginx sent them, and a POST is not retried). Writes are still served here.
      if (isShedable(request)) {
        return void reply.status(503).header("retry-after", "1").send(RESTARTING);
      }
    }
    done();
  });
}

/** A GET or HEAD that a trusted proxy forwarded (request.ips names more than the peer), other than the probes. */
function isShedable(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.url === "/readyz" || request.url === "/healthz") return false;
  return (request.ips?.length ?? 0) > 1;
}

export interface DrainTimes {
  /** How long `/readyz` answers 503 while still serving, before the listener closes. */
  drainMs: number;
  /** The most in-flight requests and streams get after the listener closes; then their connections are cut. */
  timeoutMs: number;
}

/**
 * Drains and closes the app: not ready, a pause for proxies to notice, stop accepting, wait for the requests in
 * flight (up to the cap), then close every connection left (idle kept-alive ones). Answers false when the cap cut
 * requests short.
 */
export async function drainAndClose(app: FastifyInstance, times: DrainTimes): Promise<boolean> {
  const state = inFlight.get(app)!;
  app.draining = true;
  // NOTE: idle kept-alive connections are left to the proxy to close (nginx.conf's keepalive_timeout, shorter than
  // the drain): closing one here could race a request nginx is sending on it, which it cannot retry for a POST.
  await new Promise((resolve) => setTimeout(resolve, times.drainMs));
  const closed = new Promise<void>((resolve) => app.server.close(() => resolve()));
  let timer: NodeJS.Timeout | undefined;
  const allDone = await Promise.race([
    state.count === 0 ? Promise.resolve(true) : new Promise<boolean>((resolve) => state.idle.push(() => resolve(true))),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), times.timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (!allDone) app.log.warn(`${state.count} requests still running after ${times.timeoutMs} ms: cutting them`);
  // NOTE: what is left is kept-alive connections between requests (a proxy's pool): nothing is lost by closing them.
  app.server.closeAllConnections();
  await closed;
  await app.close();
  return allDone;
}
