// The hash parameters: OWASP's outside tests whatever else is set, argon2's smallest only where NODE_ENV is test.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../env";
import { hashPassword, PASSWORD_COST, passwordCost, TEST_PASSWORD_COST, verifyPassword } from "./passwords";

const OWASP = "$argon2id$v=19$m=19456,t=2,p=1$";

describe("password hashing cost", () => {
  it("hashes with OWASP's parameters in production and development", async () => {
    const production = loadConfig({ NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525" });
    const development = loadConfig({});
    expect(passwordCost(production)).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(passwordCost(development)).toBe(PASSWORD_COST);
    expect(await hashPassword("Str0ng!Pass", passwordCost(production))).toMatch(OWASP);
  });

  it("hashes cheaply under NODE_ENV=test, and those hashes verify under the production cost too", async () => {
    const cost = passwordCost(loadConfig({ NODE_ENV: "test" }));
    expect(cost).toBe(TEST_PASSWORD_COST);
    const stored = await hashPassword("Str0ng!Pass", cost);
    expect(stored).toMatch("$argon2id$v=19$m=8,t=1,p=1$");
    expect(await verifyPassword(stored, "Str0ng!Pass", PASSWORD_COST)).toBe(true);
    expect(await verifyPassword(stored, "Wr0ng!Pass", PASSWORD_COST)).toBe(false);
    expect(await verifyPassword(undefined, "Str0ng!Pass", cost)).toBe(false);
  });
});
