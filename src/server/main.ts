// Reads the environment, opens the database, listens, and shuts down gracefully.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { createAiDriver } from "./ai/driver";
import { buildApp } from "./app";
import { DataDirLockedError, openDatabase } from "./db/client";
import { databaseFailure } from "./db/unavailable";
import { seedDemo } from "./demo/seed-demo";
import { ConfigError, loadConfig, readDotEnv } from "./env";
import { createDevOutbox, createSmtpMailer } from "./mail/mailer";
import { startMaintenance } from "./maintenance";
import { maintenanceJobs } from "./maintenance-jobs";

async function main(): Promise<void> {
  readDotEnv();
  const config = loadConfig();
  // NOTE: the app's logger exists only once the app is built; losses before that are start-up failures anyway.
  let log: FastifyBaseLogger | undefined;
  const onConnectionError = (error: Error & { code?: string }) =>
    log?.warn({ db: { code: error.code, message: error.message } }, "database connection lost");
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL, onConnectionError }
      : { kind: "pglite", dataDir: config.DATA_DIR },
  );
  const clientDir = fileURLToPath(new URL("../../dist/client", import.meta.url));
  const mailer = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createDevOutbox();
  const ai = await createAiDriver(config);
  const deps = { config, database, mailer, ai, now: () => new Date() };
  const app = await buildApp(deps, { clientDir: existsSync(clientDir) ? clientDir : undefined });
  log = app.log;
  if (!config.SMTP_URL) Object.assign(mailer, createDevOutbox(app.log));
  if (!existsSync(clientDir)) app.log.warn("dist/client is missing: run `npm run build` to serve the web app");
  if (config.SEED_DEMO) await seedDemo(database.db, app.log);
  const maintenance = startMaintenance({ log: app.log, jobs: maintenanceJobs(deps) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await maintenance.stop();
    await database.close();
    clearTimeout(force);
    app.log.info("stopped cleanly");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`FicForge is running at ${config.APP_URL}`);
}

main().catch((error: unknown) => {
  const unreachable = databaseFailure(error);
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if (unreachable) {
    console.error(`Cannot reach the database at DATABASE_URL: ${unreachable.code ?? unreachable.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
