import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env";

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      APP_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      AI_PROVIDER: "offline",
      SEED_DEMO: true,
      GOOGLE_ISSUER: "https://accounts.google.com",
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.IMAGE_STORAGE).toBe("disk");
    const s3 = loadConfig({ IMAGE_STORAGE: "s3", S3_BUCKET: "covers", S3_FORCE_PATH_STYLE: "true" });
    expect(s3).toMatchObject({
      IMAGE_STORAGE: "s3",
      S3_BUCKET: "covers",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it("derives APP_URL from PORT and treats empty values as unset", () => {
    expect(loadConfig({ PORT: "4000", DATABASE_URL: "" }).APP_URL).toBe("http://localhost:4000");
    expect(loadConfig({ APP_URL: "https://ficforge.example/" }).APP_URL).toBe("https://ficforge.example");
  });

  it.each([
    ["NODE_ENV", "development"],
    ["PORT", 3000],
    ["SEED_DEMO", true],
    ["LOG_LEVEL", "info"],
    ["HOST", "127.0.0.1"],
    ["AI_PROVIDER", "offline"],
  ] as const)("treats an empty or blank %s as unset (its default %j), as container tools pass it", (name, fallback) => {
    for (const value of ["", "  "]) expect(loadConfig({ [name]: value })[name]).toBe(fallback);
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: "not a url" }, /^Invalid configuration: DATABASE_URL /],
    [{ AI_PROVIDER: "skynet" }, /^Invalid configuration: AI_PROVIDER /],
    [{ SEED_DEMO: "maybe" }, /^Invalid configuration: SEED_DEMO /],
    [{ AI_PROVIDER: "openai-compatible" }, /AI_BASE_URL is required/],
    [{ IMAGE_STORAGE: "ftp" }, /^Invalid configuration: IMAGE_STORAGE /],
    [{ IMAGE_STORAGE: "s3" }, /S3_BUCKET is required when IMAGE_STORAGE is s3/],
    [{ IMAGE_STORAGE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" }, /^Invalid configuration: S3_ENDPOINT /],
    [{ IMAGE_STORAGE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" }, /must be set together/],
    [{ S3_FORCE_PATH_STYLE: "sometimes" }, /^Invalid configuration: S3_FORCE_PATH_STYLE /],
    [{ GOOGLE_CLIENT_ID: "id" }, /GOOGLE_CLIENT_SECRET is required/],
    [{ STRIPE_SECRET_KEY: "sk_test" }, /STRIPE_PRICE_ID is required/],
    [{ STRIPE_SECRET_KEY: "sk_test", STRIPE_PRICE_ID: "price_1" }, /STRIPE_WEBHOOK_SECRET is required/],
    [{ NODE_ENV: "production" }, /^Invalid configuration: SMTP_URL is required when NODE_ENV is production$/],
    [{ METRICS_TOKEN: "short" }, /^Invalid configuration: METRICS_TOKEN must be at least 16 characters$/],
    [{ METRICS_TOKEN: "a token with spaces in it" }, /^Invalid configuration: METRICS_TOKEN must be printable ASCII/],
    [
      { DATABASE_URL: "postgres://h/db", DATABASE_READ_URL: "postgres://a:99999/db" },
      /DATABASE_READ_URL must be postgres/,
    ],
    [{ DATABASE_URL: "postgres://h/db", DATABASE_READ_URL: "mysql://a/db" }, /DATABASE_READ_URL must be postgres/],
    [{ DATABASE_READ_URL: "postgres://replica/db" }, /DATABASE_READ_URL and DATABASE_LISTEN_URL need DATABASE_URL$/],
    [{ DATABASE_LISTEN_URL: "postgres://primary/db" }, /DATABASE_READ_URL and DATABASE_LISTEN_URL need DATABASE_URL$/],
    [{ DATABASE_URL: "postgres://h/db", REPLICA_MAX_LAG_MS: "0" }, /^Invalid configuration: REPLICA_MAX_LAG_MS /],
  ])("refuses %j with one line naming the variable", (env, pattern) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain("\n");
  });

  it("keeps a valid METRICS_TOKEN and never repeats a refused one", () => {
    expect(loadConfig({ METRICS_TOKEN: " 0123456789abcdef-token " }).METRICS_TOKEN).toBe("0123456789abcdef-token");
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: "secret-but-short" + "é" })).toThrow(/^[^é]*$/);
    expect(() => loadConfig({ METRICS_TOKEN: "tooshort" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("tooshort") }),
    );
  });

  it("reads DATABASE_READ_URL as a list of replicas and never repeats a refused one (it may hold a password)", () => {
    const primary = { DATABASE_URL: "postgres://app:pw@primary:6432/ficforge" };
    expect(loadConfig(primary)).toMatchObject({
      DATABASE_READ_URL: [],
      REPLICA_MAX_LAG_MS: 5_000,
      REPLICA_PROBE_MS: 1_000,
    });
    const replicas = "postgres://app:pw@r1:5432/ficforge, postgresql://app:pw@r2/ficforge";
    expect(loadConfig({ ...primary, DATABASE_READ_URL: replicas }).DATABASE_READ_URL).toEqual([
      "postgres://app:pw@r1:5432/ficforge",
      "postgresql://app:pw@r2/ficforge",
    ]);
    expect(() => loadConfig({ ...primary, DATABASE_READ_URL: "postgres://app:s3cret@r1/x,nope" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("s3cret") }),
    );
  });
});
