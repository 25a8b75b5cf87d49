// Reads the environment, opens the database, listens, and shuts down gracefully.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { DataDirLockedError, openDatabase } from "./db/client";
import { seedDemo } from "./demo/seed-demo";
import { ConfigError, loadConfig, readDotEnv } from "./env";
import { createDevOutbox, createSmtpMailer } from "./mail/mailer";

async function main(): Promise<void> {
  readDotEnv();
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { kind: "postgres", url: config.DATABASE_URL } : { kind: "pglite", dataDir: config.DATA_DIR },
  );
  const clientDir = fileURLToPath(new URL("../../dist/client", import.meta.url));
  const mailer = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createDevOutbox();
  const app = await buildApp(
    { config, database, mailer, now: () => new Date() },
    { clientDir: existsSync(clientDir) ? clientDir : undefined },
  );
  if (!config.SMTP_URL) Object.assign(mailer, createDevOutbox(app.log));
  if (!existsSync(clientDir)) app.log.warn("dist/client is missing: run `npm run build` to serve the web app");
  if (config.SEED_DEMO) await seedDemo(database.db, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
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
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
