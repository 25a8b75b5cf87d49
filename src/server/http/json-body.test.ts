// Bounded JSON bodies: the default size limit, the nesting and value-count bounds, prototype poisoning.
import { describe, expect, it } from "vitest";
import { freshIp } from "../test/accounts";
import { describeEachDb, TEST_APP_URL } from "../test/app";
import {
  checkJsonShape,
  DEFAULT_BODY_LIMIT,
  JSON_TOO_DEEP,
  JSON_TOO_MANY_VALUES,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
} from "./json-body";

const nested = (depth: number, inner = "0") => "[".repeat(depth) + inner + "]".repeat(depth);

describe("checkJsonShape", () => {
  it("allows the deepest and widest bodies within the bounds", () => {
    expect(checkJsonShape(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(checkJsonShape(`[${"0,".repeat(MAX_JSON_VALUES - 2)}0]`)).toBeUndefined();
  });

  it("refuses one level or one value more", () => {
    expect(checkJsonShape(nested(MAX_JSON_DEPTH + 1))).toBe(JSON_TOO_DEEP);
    expect(checkJsonShape(`{"a":${nested(MAX_JSON_DEPTH)}}`)).toBe(JSON_TOO_DEEP);
    expect(checkJsonShape(`[${"0,".repeat(MAX_JSON_VALUES)}0]`)).toBe(JSON_TOO_MANY_VALUES);
    expect(checkJsonShape(`[${"[],".repeat(MAX_JSON_VALUES)}0]`)).toBe(JSON_TOO_MANY_VALUES);
  });

  it("does not count brackets and commas inside strings, escaped quotes included", () => {
    expect(checkJsonShape(JSON.stringify({ a: "[".repeat(100), b: ",".repeat(MAX_JSON_VALUES + 1) }))).toBeUndefined();
    expect(checkJsonShape(JSON.stringify({ a: `\\"${"{".repeat(100)}\\\\`, b: '"[[["' }))).toBeUndefined();
    // The string ends at the unescaped quote; what follows is structure again.
    expect(checkJsonShape(`["a\\\\",${nested(MAX_JSON_DEPTH)}]`)).toBe(JSON_TOO_DEEP);
  });
});

describeEachDb("bounded JSON bodies", (ctx) => {
  const post = (url: string, payload: string) =>
    ctx().app.inject({
      method: "POST",
      url,
      remoteAddress: freshIp(),
      headers: { origin: TEST_APP_URL, "content-type": "application/json" },
      payload,
    });

  it("answers a sign-in body over 64 KB with a JSON 413", async () => {
    const password = "a".repeat(DEFAULT_BODY_LIMIT);
    const res = await post("/api/login", JSON.stringify({ email: "fan@example.com", password }));
    expect(res.statusCode).toBe(413);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: "Request body is too large", code: "FST_ERR_CTP_BODY_TOO_LARGE" });
  });

  it("answers the 12 MB nested-array attack with 413 from its length alone", async () => {
    const attack = nested(6 * 1024 * 1024, "");
    const started = performance.now();
    const res = await post("/api/login", attack);
    expect(res.statusCode).toBe(413);
    // NOTE: generous for a loaded machine; the old parser took seconds here.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("answers a small but deeply nested body with 400 before parsing it", async () => {
    const res = await post("/api/login", `{"email":${nested(20_000)}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: JSON_TOO_DEEP, code: "BAD_JSON" });
    const wide = await post("/api/register", `{"username":[${"[],".repeat(MAX_JSON_VALUES)}0]}`);
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toEqual({ message: JSON_TOO_MANY_VALUES, code: "BAD_JSON" });
  });

  it("still parses ordinary bodies, brackets in strings included", async () => {
    const res = await post("/api/login", JSON.stringify({ email: "ghost@example.com", password: "[[[{{{".repeat(50) }));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("INVALID_CREDENTIALS");
  });

  it("keeps refusing prototype poisoning as Fastify's own parser does", async () => {
    for (const payload of [
      '{"email":"a@b.co","password":"x","__proto__":{"isAdmin":true}}',
      '{"email":"a@b.co","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await post("/api/login", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("FST_ERR_CTP_INVALID_JSON_BODY");
    }
  });
});
