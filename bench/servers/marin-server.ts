// The real app in its own process for bench/ttft.ts: AI through the given OpenAI-compatible URL, PGlite in memory or
// PostgreSQL, logger off, and signed-in free users with a large referral pool (every request pays the quota charge).
import type { AddressInfo } from "node:net";
import { createDeps } from "../../src/server/deps";
import { buildApp } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { loadConfig } from "../../src/server/env";
import { createDevOutbox } from "../../src/server/mail/mailer";
import { loreEntries } from "../../src/server/db/schema";
import { createStory, createVerifiedUserWithSession } from "../../src/server/test/factories";
import { parentOptions, serveParent } from "../lib/ipc";
import { profilerHandlers } from "../lib/profiler";

export interface MarinServerOptions {
  aiBaseUrl: string;
  databaseUrl?: string;
  users: number;
  /** bench/lore.ts: each user also gets two stories naming this many characters, one with a lorebook entry for each. */
  loreEntries?: number;
}

export interface LoreStories {
  plain: number;
  withLore: number;
}

const options = parentOptions<MarinServerOptions>();
const config = loadConfig({
  NODE_ENV: "production",
  SEED_DEMO: "false",
  LOG_LEVEL: "silent",
  SMTP_URL: "smtp://127.0.0.1:25",
  APP_URL: "http://127.0.0.1:3000",
  AI_PROVIDER: "openai-compatible",
  AI_BASE_URL: options.aiBaseUrl,
  AI_MODEL: "bench-model",
});
const database = await openDatabase(
  options.databaseUrl ? { kind: "postgres", url: options.databaseUrl } : { kind: "pglite" },
);
const app = await buildApp(await createDeps(config, database, { mailer: createDevOutbox() }), { logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const cookies: string[] = [];
const loreStories: LoreStories[] = [];
for (let i = 0; i < options.users; i++) {
  const { user, cookie } = await createVerifiedUserWithSession(database.db, { bonusPrompts: 100_000 });
  cookies.push(cookie);
  if (options.loreEntries) loreStories.push(await storiesWithLore(user.id, options.loreEntries));
}

async function storiesWithLore(authorId: number, count: number): Promise<LoreStories> {
  const names = Array.from({ length: count }, (_, i) => `Name${i}`);
  const content = `<p>${names.join(" met ")}.</p>`;
  const plain = await createStory(database.db, { authorId, content });
  const withLore = await createStory(database.db, { authorId, content });
  await database.db.insert(loreEntries).values(
    names.map((name, i) => ({
      storyId: withLore.id,
      kind: "character" as const,
      name,
      keys: [`Alias${i}`, `The ${name}`],
      description: `${name} is a character with a long description. `.repeat(5),
    })),
  );
  return { plain: plain.id, withLore: withLore.id };
}

serveParent(
  { port: (app.server.address() as AddressInfo).port, cookies, loreStories, origin: config.APP_URL, db: database.kind },
  profilerHandlers(),
  async () => {
    await app.close();
    await database.close();
  },
);
