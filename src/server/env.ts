// The one place process.env is read. A bad value stops start-up with one line naming the variable.
import { isIP } from "node:net";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));
const optionalUrl = optionalString.pipe(z.url().optional());

/** TRUST_PROXY: no proxy (an empty list), a hop count, or proxy addresses and CIDRs as Fastify's trustProxy takes. */
export type TrustProxy = number | string[];
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGES.has(entry)) return true;
  const [ip = "", bits, ...rest] = entry.split("/");
  const version = isIP(ip);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};
const trustProxy = optionalString.transform((value, ctx): TrustProxy => {
  if (value === undefined) return [];
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({ code: "custom", message: "must be a hop count or a comma-separated list of addresses or CIDRs" });
  return z.NEVER;
});

const readUrls = optionalString.transform((value, ctx): string[] => {
  const urls = value?.split(",").map((url) => url.trim()) ?? [];
  if (urls.every((url) => /^postgres(ql)?:\/\//.test(url) && URL.canParse(url))) return urls;
  ctx.addIssue({ code: "custom", message: "must be postgres:// URLs separated by commas" });
  return z.NEVER;
});

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  TRUST_PROXY: trustProxy,
  APP_URL: optionalUrl,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  // Streaming replicas for public reads, comma-separated (decision 0065); PostgreSQL only.
  DATABASE_READ_URL: readUrls,
  // A direct connection to the primary for LISTEN and the migration lock, when DATABASE_URL goes through PgBouncer.
  DATABASE_LISTEN_URL: optionalUrl,
  /** A replica further behind the primary than this is skipped until it catches up. */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** How often each instance probes its replicas' state and lag. */
  REPLICA_PROBE_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("FicForge <no-reply@ficforge.local>"),
  // Signs unsubscribe links; unset, a random key is made once and kept in the database (docs/decisions/0030).
  APP_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  AI_PROVIDER: z.enum(["offline", "openai-compatible", "openai", "anthropic"]).default("offline"),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_BASE: optionalUrl,
  // Where cover and background bytes live (decision 0036): disk under DATA_DIR (one machine) or S3 (several).
  IMAGE_STORAGE: z.enum(["disk", "s3"]).default("disk"),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(false),
  SEED_DEMO: bool.default(true),
  // Guards /metrics (Authorization: Bearer …); unset, /metrics answers 404 (docs/decisions/0037).
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .min(16, "must be at least 16 characters")
      .max(256, "must be at most 256 characters")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
      .optional(),
  ),
  /** Graceful shutdown (decision 0038): how long `/readyz` answers 503 before the listener closes. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** The most in-flight requests and Marin's streams get to finish after the listener closes. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /**
   * Issue 29: 'block' (the default) names the AI crawlers in robots.txt and answers them 403 on public reading;
   * 'allow' switches both off. The works' noai and TDM reservation signals stay either way (they state the writers'
   * rights, not an access rule). Set for the whole instance, never per request.
   */
  AI_CRAWLERS: z.enum(["block", "allow"], { error: "must be block or allow" }).default("block"),
  /**
   * Issue 29: signed-out pages, feeds and downloads one address may read a minute (crawler-shield/read-limit.ts);
   * 0 switches the limit off (a proxy in front limits instead).
   */
  PUBLIC_READS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(300),
  /** Issue 34: requests one personal API token may make a minute, shared by every instance (api-tokens/policy.ts). */
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(300),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, "APP_URL"> {
  APP_URL: string;
  /** Served from memory in tests; from dist/client in a real start. */
  CLIENT_DIR?: string;
}

export class ConfigError extends Error {}

// NOTE: database URLs may carry a password.
const SECRET_NAMES = new Set(["APP_SECRET", "METRICS_TOKEN", "DATABASE_READ_URL", "DATABASE_LISTEN_URL"]);

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty or blank variable (`NODE_ENV=` as container tools pass it) counts as unset.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value?.trim()));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    // NOTE: a secret's value is never repeated: the message lands in logs and container events.
    const got = SECRET_NAMES.has(name) ? "" : ` (got "${source[name] ?? ""}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}${got}`);
  }
  const env = parsed.data;
  if (
    env.AI_PROVIDER !== "offline" &&
    env.AI_PROVIDER !== "anthropic" &&
    env.AI_PROVIDER !== "openai" &&
    !env.AI_BASE_URL
  ) {
    throw new ConfigError("Invalid configuration: AI_BASE_URL is required when AI_PROVIDER is openai-compatible");
  }
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError("Invalid configuration: GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set");
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PRICE_ID) {
    throw new ConfigError("Invalid configuration: STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set");
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    // NOTE: without it no webhook could be verified, so no payment would ever make anyone premium.
    throw new ConfigError("Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set");
  }
  if (env.IMAGE_STORAGE === "s3" && !env.S3_BUCKET) {
    throw new ConfigError("Invalid configuration: S3_BUCKET is required when IMAGE_STORAGE is s3");
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    // NOTE: both or neither; neither leaves the AWS SDK's own chain (instance role, ~/.aws) to find credentials.
    throw new ConfigError("Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  }
  if ((env.DATABASE_READ_URL.length > 0 || env.DATABASE_LISTEN_URL) && !env.DATABASE_URL) {
    // NOTE: PGlite is one process in this one: it has no replicas and no server to listen to.
    throw new ConfigError("Invalid configuration: DATABASE_READ_URL and DATABASE_LISTEN_URL need DATABASE_URL");
  }
  if (env.NODE_ENV === "production" && !env.SMTP_URL) {
    // NOTE: without it, reset and verification links would only be logged, never reach anyone.
    throw new ConfigError("Invalid configuration: SMTP_URL is required when NODE_ENV is production");
  }
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "") };
}

/** Reads ./.env into process.env when present (existing variables win). */
export function readDotEnv(path = ".env"): void {
  try {
    process.loadEnvFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
