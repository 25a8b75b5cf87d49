// Request timing by route pattern and the bearer-guarded /metrics endpoint (docs/decisions/0037).
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, onSendHookHandler } from "fastify";
import type { AppMetrics } from "./metrics";

/** The label for requests no route matched (the client's pages, unknown paths): raw URLs would be unbounded. */
export const UNMATCHED_ROUTE = "unmatched";

type Series = ReturnType<AppMetrics["httpDuration"]["series"]>;

/** One series per route, method and status, made once: a request then costs a map lookup and a bucket bump. */
function routeTimer(metrics: AppMetrics, route: string, method: string) {
  const histogram = metrics.httpDuration;
  const byStatus = new Map<number, Series>();
  return (reply: FastifyReply) => {
    const status = reply.statusCode;
    let series = byStatus.get(status);
    if (series === undefined) {
      series = histogram.series({ route, method, status: String(status) });
      byStatus.set(status, series);
    }
    histogram.observe(series, reply.elapsedTime / 1000);
  };
}

/**
 * Times every request until its answer starts (status and headers known; a stream, when its headers go): a route-level
 * onSend hook on each route as it is added (its pattern known once, not looked up per request), and one app-level
 * onSend hook for requests no route matched. Call before any route is added.
 * NOTE: onSend, not onResponse: the app already runs onSend hooks on every answer (security.ts), so these are two
 * more calls in that chain; the first onResponse hook would start a second hook chain (and its closure) per request.
 */
export function registerRequestTiming(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const timers = new Map(methods.map((method) => [method, routeTimer(metrics, route.url, method)]));
    const hook: onSendHookHandler = (request, reply, payload, done) => {
      timers.get(request.method)?.(reply);
      done(null, payload);
    };
    const existing = route.onSend;
    route.onSend = existing === undefined ? hook : [...(Array.isArray(existing) ? existing : [existing]), hook];
  });
  const unmatched = new Map<string, ReturnType<typeof routeTimer>>();
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.is404) {
      // NOTE: methods are bounded by the router (an unknown method never gets here as itself).
      let timer = unmatched.get(request.method);
      if (timer === undefined) {
        timer = routeTimer(metrics, UNMATCHED_ROUTE, request.method);
        unmatched.set(request.method, timer);
      }
      timer(reply);
    }
    done(null, payload);
  });
}

/** Whether `given` is `Bearer <token>`, compared in constant time (the lengths are compared on hashes-free bytes). */
export function bearerMatches(given: string | undefined, token: string): boolean {
  if (given === undefined || !given.startsWith("Bearer ")) return false;
  const a = Buffer.from(given.slice(7).trim());
  const b = Buffer.from(token);
  // NOTE: timingSafeEqual needs equal lengths; comparing against itself keeps the time the same on a length mismatch.
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus text format behind `Authorization: Bearer METRICS_TOKEN`. Unset, the path answers 404
 * as any unknown path; a missing or wrong token gets a 401 that names no metric.
 */
export function metricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string | undefined): void {
  if (token === undefined) return;
  app.get("/metrics", async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ message: "Not authenticated", code: "UNAUTHORIZED", requestId: request.id });
    }
    const body = await metrics.registry.metrics();
    return reply.header("content-type", metrics.registry.contentType).header("cache-control", "no-store").send(body);
  });
}
