// The log holds no secrets: no query-string tokens, no failed query's parameters (password and token hashes).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshIp, newAccount, sendFrom } from "../test/accounts";
import { describeEachDb } from "../test/app";
import { redactQuery, serializeError } from "./logging";

const lines: string[] = [];
const logger = { level: "info", stream: { write: (line: string) => void lines.push(line) } };
const logText = () => lines.join("");

/** Shaped as drizzle-orm 0.45 builds it: the message and `params` carry every bound value. */
class DrizzleQueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    override readonly cause: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params}`);
  }
}
const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaA";
const databaseError = Object.assign(new Error("duplicate key value violates unique constraint"), {
  code: "23505",
  severity: "ERROR",
  detail: `Key (token_hash)=(${HASH}) already exists.`,
});

describe("serializeError", () => {
  it("keeps a failed query's SQL and the database's code and message, never its parameters or detail", () => {
    // A parameter that looks like a stack frame must not make the frames start early.
    const params = ["fan@example.com\n    at fake (frame.js:1:1)", HASH];
    const failed = new DrizzleQueryError('insert into "users" values ($1, $2)', params, databaseError);
    for (const error of [failed, new Error("database unavailable", { cause: failed })]) {
      const text = JSON.stringify(serializeError(error));
      expect(text).not.toContain("argon2");
      expect(text).not.toContain("fan@example.com");
      expect(text).not.toContain("params");
      expect(text).toContain('insert into \\"users\\" values ($1, $2)');
      expect(text).toContain("23505");
      expect(text).toContain("duplicate key value violates unique constraint");
      expect(text).toContain("logging.test.ts");
    }
  });

  it("keeps an ordinary error's message, stack and fields", () => {
    const error = Object.assign(new Error("SMTP refused"), { responseCode: 550 });
    expect(serializeError(error)).toMatchObject({ type: "Error", message: "SMTP refused", responseCode: 550 });
    expect(serializeError(error).stack).toContain("logging.test.ts");
  });

  it("redacts every query-string value and keeps the names", () => {
    expect(redactQuery("/api/verify-email?token=abc&x=1")).toBe("/api/verify-email?token=[redacted]&x=[redacted]");
    expect(redactQuery("/api/user")).toBe("/api/user");
  });
});

describeEachDb(
  "logs without secrets",
  (ctx) => {
    it("logs request URLs without their query values", async () => {
      lines.length = 0;
      await ctx().app.inject({ url: "/api/verify-email?token=VERIFY-SECRET-1" });
      await ctx().app.inject({ url: "/reset-password?token=RESET-SECRET-2&email=fan%40example.com" });
      expect(logText()).toContain("/api/verify-email?token=[redacted]");
      expect(logText()).toContain("/reset-password?token=[redacted]&email=[redacted]");
      expect(logText()).not.toMatch(/SECRET|fan%40example/);
    });

    it("logs a failed query by its SQL and the database's code, without the password hash it carried", async () => {
      const { db } = ctx().database;
      // Every new user row now breaks a rule: sign-up's insert (with the new password hash) fails in the database.
      await db.execute(sql`alter table users add constraint test_no_new_users check (id < 0) not valid`);
      try {
        lines.length = 0;
        const account = newAccount();
        const res = await sendFrom(ctx().app, freshIp(), "POST", "/api/register", account);
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({
          message: "Internal Server Error",
          code: "INTERNAL",
          requestId: expect.any(String),
        });
        const text = logText();
        expect(text).toContain("unhandled error");
        expect(text).toContain("23514");
        expect(text).toContain("test_no_new_users");
        expect(text).not.toContain("argon2");
        expect(text).not.toContain("params");
        expect(text).not.toContain(account.email);
      } finally {
        await db.execute(sql`alter table users drop constraint test_no_new_users`);
      }
    });
  },
  { logger },
);
