// Builds the Fastify app from its parts. main.ts and the tests both call buildApp.
import cookie from "@fastify/cookie";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { accountRoutes } from "./accounts/routes";
import { marinRoutes } from "./ai/routes";
import { storedChatRoutes } from "./ai/chat-routes";
import { habitRoutes } from "./habits/routes";
import { billingRoutes } from "./billing/routes";
import { canonRoutes } from "./canon/routes";
import { coCreatorRoutes } from "./co-creators/routes";
import { schedulingRoutes } from "./scheduling/routes";
import { authorFollowRoutes } from "./public-page/author-follow";
import { communityRoutes } from "./community/routes";
import { seriesRoutes } from "./series/routes";
import { promptRoutes } from "./collections/prompt-routes";
import { collectionRoutes } from "./collections/routes";
import { collectionPageRoutes } from "./public-page/collection-routes";
import { collectionFeedRoutes } from "./feeds/collection-feed";
import { collectionRevealRoutes } from "./collections/reveal-routes";
import { seriesPageRoutes } from "./public-page/series-routes";
import { seriesFeedRoutes } from "./feeds/series-feed";
import { stripeWebhookRoutes } from "./billing/webhook-routes";
import { registerSessionCache, sessionsChanged } from "./accounts/session-cache";
import { loadCachedSession, loadSession, restoreSignedInHint } from "./accounts/sessions";
import { hasBearer, registerTokenAuth } from "./api-tokens/authenticate";
import { apiTokenRoutes } from "./api-tokens/routes";
import { registerErrorHandler } from "./errors";
import { loggableError } from "./http/background";
import { registerSubscribers } from "./app-subscribers";
import { registerClient } from "./http/client";
import { registerBackgroundTasks } from "./http/background";
import { registerDrain } from "./http/drain";
import { trustProxyOption } from "./http/client-address";
import { healthRoutes } from "./http/health";
import { REQUEST_ID_HEADER, requestIdOf } from "./http/request-id";
import { metricsRoute, registerRequestTiming } from "./metrics/http-metrics";
import { DEFAULT_BODY_LIMIT, registerJsonParser } from "./http/json-body";
import { createLogger, isLogger, type LoggerConfig, OneLineRequestLog } from "./http/logging";
import { registerTextGuard } from "./http/request-text";
import { isApiRequest } from "./http/route-path";
import { registerReadYourWrites } from "./http/read-your-writes";
import { registerSecurity } from "./http/security";
import { registerOpenApi } from "./http/openapi";
import { isSessionOnly, tokenRateLimit } from "./api-tokens/policy";
import { createSerializerCompiler } from "./http/serializer";
import { pulseCheck } from "./email-notifications/pulse";
import { emailNotificationRoutes } from "./email-notifications/routes";
import { imageRoutes } from "./images/routes";
import { loreRoutes } from "./lore/routes";
import { loreIoRoutes } from "./lore/lore-io-routes";
import { seriesLoreRoutes } from "./lore/series-routes";
import { planRoutes } from "./plans/routes";
import { planDraftRoutes } from "./ai/plan-draft-routes";
import { moderationRoutes } from "./moderation/routes";
import { myAccountRoutes } from "./my-account/routes";
import { authorPageRoutes } from "./public-page/author-routes";
import { giftRoutes } from "./gifts/routes";
import { exchangeRoutes } from "./collections/exchange-routes";
import { giftsPageRoutes } from "./public-page/gifts-page";
import { bookmarkPageRoutes } from "./public-page/bookmark-pages";
import { tagRoutes } from "./tags/routes";
import { wranglingRoutes } from "./wrangling/routes";
import { feedRoutes } from "./feeds/routes";
import { chapterPageRoutes } from "./public-page/chapter-routes";
import { importRoutes } from "./imports/routes";
import { publicDownloadRoutes } from "./public-page/download-routes";
import { publicPageRoutes } from "./public-page/routes";
import { storyFormRoutes } from "./public-page/signed-in-slot";
import { discoverRoutes } from "./reading/discover-routes";
import { readingPreferencesRoutes } from "./reading/reading-preferences";
import { savedFilterRoutes } from "./reading/saved-filters";
import { readerSettingsRoutes } from "./reader-settings/routes";
import { registerReadCache } from "./read-cache/read-cache";
import { registerCrawlerShield } from "./crawler-shield/shield";
import { aboutAiRoutes } from "./crawler-shield/about-ai";
import { sitemapRoutes } from "./public-page/sitemap";
import { settleOnReplicas } from "./read-cache/replica-settle";
import { registerReadCounter } from "./reading-stats/read-counter";
import { readingStatsRoutes } from "./reading-stats/routes";
import { readRoutes } from "./reading/read-routes";
import { feedbackRoutes } from "./reading/feedback-routes";
import { socialRoutes } from "./reading/social-routes";
import { authorSafetyRoutes } from "./public-page/author-safety";
import { safetyRoutes } from "./safety/routes";
import { storyRoutes } from "./stories/routes";
import { versionRoutes } from "./versions/routes";
import { voiceRoutes } from "./voice/routes";
import type { AppDeps } from "./types";
import { named } from "./http/named-plugin";

export interface BuildOptions {
  /** Pass false to keep tests quiet; a pino logger config (level, stream), or the logger main.ts built (createLogger). */
  logger?: boolean | LoggerConfig | FastifyBaseLogger;
  /** Directory of the built client; undefined serves the API only. */
  clientDir?: string;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ?? { level: deps.config.LOG_LEVEL };
  const app = Fastify({
    // NOTE: false keeps Fastify's no-op logger (cheaper than a disabled pino on every request).
    ...(logger === false ? { logger: false } : { loggerInstance: isLogger(logger) ? logger : createLogger(logger) }),
    // Routes that take more (story saves, covers) say so themselves.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // NOTE: only a proxy named in TRUST_PROXY may say who the client is; anyone else could forge X-Forwarded-For.
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    // NOTE: Fastify's own request logging writes two lines per request ("incoming request", "request completed");
    // one line after the answer says the same for ~5 µs less per request (decisions 0035, 0045).
    logController: new OneLineRequestLog(logger !== false),
    // The proxy's X-Request-Id when sane, else a fresh one: in every log line of the request (docs/decisions/0037).
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Under the unit tests (vitest), every JSON answer is checked against its documented schema (http/serializer.ts).
  // NOTE: not in the journeys' server (NODE_ENV=test too): the check made it slow enough that journeys timed out.
  app.setSerializerCompiler(
    createSerializerCompiler(deps.config.NODE_ENV === "test" && process.env.VITEST !== undefined),
  );

  app.decorate("deps", deps);
  // First, so every answer (a refused origin's, an error's) carries the id, and every route is timed.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  registerRequestTiming(app, deps.metrics);
  registerBackgroundTasks(app);
  registerDrain(app);
  registerReadCache(app);
  registerSessionCache(app);
  registerReadCounter(app);
  // After-commit effects subscribe once, here; commands only emit (app-subscribers.ts, decision 0054).
  deps.events.onFailure = (error, name, what) =>
    app.log.error({ err: loggableError(error) }, `${name}: ${what} failed`);
  registerSubscribers(app, deps.events);
  deps.metrics.sources.domainEvents = () => deps.events.counts;
  app.decorateRequest("db", { getter: () => deps.database.db });
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("session", null);

  registerErrorHandler(app);
  registerJsonParser(app);
  registerTextGuard(app);
  await registerSecurity(app, deps.config.APP_URL);
  await app.register(cookie);
  registerReadYourWrites(app);
  settleOnReplicas(app);
  // Issue 34: a bearer token signs an API request in instead of the cookie (api-tokens/authenticate.ts).
  registerTokenAuth(app);
  app.addHook("onRequest", (request, reply, done) => {
    // NOTE: no Cookie header, no session to look up: signed-out reads skip the lookup and its promise.
    if (request.headers.cookie === undefined || hasBearer(request) || !isApiRequest(request)) return done();
    // NOTE: a cached session needs no promise either (session-cache.ts).
    if (loadCachedSession(app, request)) return done();
    loadSession(app, request, reply).then(() => done(), done);
  });
  // Issue 19: whatever a signed-in person writes (a like, a block, a rename, a new password, signing out others …)
  // may change what their cached sessions hold: they go, here and on every instance, before the answer leaves.
  // Writes made for someone else (a suspension, a webhook, the admin command) drop that person's (sessionsChanged).
  app.addHook("onSend", (request, _reply, payload, done) => {
    const user = request.user;
    // NOTE: a sessionFromCache route (Marin's) announces its own changes (ai/bookkeeping.ts, decision 0045).
    if (
      user &&
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      !request.routeOptions.config?.sessionFromCache
    ) {
      sessionsChanged(request.db, { userId: user.id }).catch((error) =>
        request.log.error({ err: error }, "session cache: could not drop a session"),
      );
    }
    done(null, payload);
  });

  // NOTE: before any route, so the document sees them all as they are added.
  await registerOpenApi(app, deps.config.APP_URL, {
    buildAtStart: deps.config.NODE_ENV !== "test",
    tokens: { isSessionOnly, rateLimit: tokenRateLimit(deps.config.API_TOKEN_REQUESTS_PER_MINUTE) },
  });
  await healthRoutes(app, deps, () => pulseCheck(deps.emailPulse, deps.now().getTime()));
  metricsRoute(app, deps.metrics, deps.config.METRICS_TOKEN);
  deps.metrics.sources.readCache = () => app.readCache.stats;
  await app.register(named(accountRoutes));
  await app.register(named(myAccountRoutes));
  await app.register(named(apiTokenRoutes));
  await app.register(named(storyRoutes));
  await app.register(named(coCreatorRoutes));
  await app.register(named(schedulingRoutes));
  await app.register(named(canonRoutes));
  await app.register(named(versionRoutes));
  await app.register(named(imageRoutes));
  await app.register(named(marinRoutes));
  await app.register(named(storedChatRoutes));
  await app.register(named(voiceRoutes));
  await app.register(named(habitRoutes));
  await app.register(named(readRoutes));
  await app.register(named(socialRoutes));
  await app.register(named(feedbackRoutes));
  await app.register(named(communityRoutes));
  await app.register(named(seriesRoutes));
  await app.register(named(promptRoutes));
  await app.register(named(collectionRoutes));
  await app.register(named(collectionRevealRoutes));
  await app.register(named(safetyRoutes));
  await app.register(named(readingStatsRoutes));
  // NOTE: before the public routes: it attaches itself to them as they are added.
  registerCrawlerShield(app);
  await app.register(named(aboutAiRoutes));
  await app.register(named(sitemapRoutes));
  await app.register(named(publicPageRoutes));
  await app.register(named(publicDownloadRoutes));
  await app.register(named(importRoutes));
  await app.register(named(authorPageRoutes));
  await app.register(named(giftRoutes));
  await app.register(named(exchangeRoutes));
  await app.register(named(giftsPageRoutes));
  await app.register(named(bookmarkPageRoutes));
  await app.register(named(authorFollowRoutes));
  await app.register(named(authorSafetyRoutes));
  await app.register(named(tagRoutes));
  await app.register(named(chapterPageRoutes));
  await app.register(named(seriesPageRoutes));
  await app.register(named(seriesFeedRoutes));
  await app.register(named(collectionPageRoutes));
  await app.register(named(collectionFeedRoutes));
  await app.register(named(storyFormRoutes));
  await app.register(named(feedRoutes));
  await app.register(named(discoverRoutes));
  await app.register(named(readingPreferencesRoutes));
  await app.register(named(savedFilterRoutes));
  await app.register(named(readerSettingsRoutes));
  await app.register(named(billingRoutes));
  await app.register(named(stripeWebhookRoutes));
  await app.register(named(emailNotificationRoutes));
  await app.register(named(moderationRoutes));
  await app.register(named(wranglingRoutes));
  await app.register(named(loreRoutes));
  await app.register(named(loreIoRoutes));
  await app.register(named(seriesLoreRoutes));
  await app.register(named(planRoutes));
  await app.register(named(planDraftRoutes));
  await registerClient(app, options.clientDir, restoreSignedInHint);
  return app;
}
