// Reads the environment, opens the database, listens, and shuts down gracefully.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { DataDirExposedError, DataDirLockedError, openDatabase } from "./db/client";
import { databaseFailure } from "./db/unavailable";
import { seedDemo } from "./demo/seed-demo";
import { ConfigError, loadConfig, readDotEnv } from "./env";
import { drainAndClose } from "./http/drain";
import { bufferedStdout, createLogger } from "./http/logging";
import { createDeps } from "./deps";
import { startEmailWorker } from "./email-notifications/start";
import { startMaintenance } from "./maintenance";
import { maintenanceJobs } from "./maintenance-jobs";
import { startAdminSocket } from "./admin/admin-socket";

async function main(): Promise<void> {
  readDotEnv();
  const config = loadConfig();
  // The logger comes first: the database, the mailer and the app all log through it.
  const logOutput = bufferedStdout();
  const log = createLogger({ level: config.LOG_LEVEL, stream: logOutput.stream });
  const onConnectionError = (error: Error & { code?: string }) =>
    log.warn({ db: { code: error.code, message: error.message } }, "database connection lost");
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: "postgres",
          url: config.DATABASE_URL,
          onConnectionError,
          directUrl: config.DATABASE_LISTEN_URL,
          readUrls: config.DATABASE_READ_URL,
          replicaMaxLagMs: config.REPLICA_MAX_LAG_MS,
          replicaProbeMs: config.REPLICA_PROBE_MS,
        }
      : { kind: "pglite", dataDir: config.DATA_DIR },
  );
  const clientDir = fileURLToPath(new URL("../../dist/client", import.meta.url));
  const deps = await createDeps(config, database, { log });
  const app = await buildApp(deps, { logger: log, clientDir: existsSync(clientDir) ? clientDir : undefined });
  if (!existsSync(clientDir)) app.log.warn("dist/client is missing: run `npm run build` to serve the web app");
  if (config.SEED_DEMO) await seedDemo(database.db, deps.imageStorage, app.log);
  const maintenance = startMaintenance({ log: app.log, jobs: maintenanceJobs(deps, app.readCache) });
  const emailWorker = startEmailWorker(deps, app.log);
  // `npm run admin` reaches the embedded database through the running app (PGlite allows one process).
  const adminSocket =
    database.kind === "pglite"
      ? await startAdminSocket(config.DATA_DIR, database.db, deps.now, app.log, database.snapshot)
      : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: /readyz answers 503, then finishing in-flight requests`);
    const { SHUTDOWN_DRAIN_MS: drainMs, SHUTDOWN_TIMEOUT_MS: timeoutMs } = config;
    // NOTE: the last resort, for a close that hangs after the in-flight cap (decision 0038).
    const force = setTimeout(() => process.exit(1), drainMs + timeoutMs + 10_000).unref();
    const finished = await drainAndClose(app, { drainMs: signal === "SIGINT" ? 0 : drainMs, timeoutMs });
    await adminSocket?.close();
    await maintenance.stop();
    await emailWorker.stop();
    await database.close();
    clearTimeout(force);
    app.log.info(finished ? "stopped cleanly" : "stopped after cutting in-flight requests");
    logOutput.flushSync();
    process.exit(finished ? 0 : 1);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`FicForge is running at ${config.APP_URL}`);
}

main().catch((error: unknown) => {
  const unreachable = databaseFailure(error);
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DataDirExposedError) {
    console.error(error.message);
  } else if (unreachable) {
    console.error(`Cannot reach the database at DATABASE_URL: ${unreachable.code ?? unreachable.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
