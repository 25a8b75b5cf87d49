// Whose address a request counts under: the socket's unless TRUST_PROXY names the proxy; IPv6 per /64.
import { expect, it } from "vitest";
import { ConfigError, loadConfig } from "../env";
import { describeEachDb, sendFrom, type TestContext } from "../test/app";
import { addressKey } from "./client-address";

const LIMITED = { message: "Too many failed sign-in attempts. Please try again later.", code: "RATE_LIMITED" };
let guesses = 0;

/** A wrong password for an email nobody has, so only the per-address limit can answer 429. */
const guess = (ctx: TestContext, ip: string, headers: Record<string, string> = {}) =>
  sendFrom(
    ctx.app,
    ip,
    "POST",
    "/api/login",
    { email: `nobody${guesses++}@example.com`, password: "Wr0ng!Pass" },
    headers,
  );

it("keys IPv4 as is and IPv6 by its /64", () => {
  expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  expect(addressKey("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
  expect(addressKey("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
  expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  expect(addressKey("::1")).toBe("0:0:0:0::/64");
  expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
});

it("reads TRUST_PROXY as none, a hop count, or addresses and CIDRs", () => {
  const trust = (value?: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
  expect(trust()).toEqual([]);
  expect(trust("")).toEqual([]);
  expect(trust("1")).toBe(1);
  expect(trust("10.0.0.0/8, 192.168.1.1,::1,fd00::/8,loopback")).toEqual([
    "10.0.0.0/8",
    "192.168.1.1",
    "::1",
    "fd00::/8",
    "loopback",
  ]);
  for (const bad of ["true", "10.0.0.0/33", "proxy.internal", "10.0.0.1,"]) {
    expect(() => trust(bad)).toThrow(ConfigError);
  }
  expect(() => trust("yes")).toThrow(/^Invalid configuration: TRUST_PROXY must be a hop count/);
});

async function useUpAddress(ctx: TestContext, ip: string, headers: (i: number) => Record<string, string>) {
  for (let i = 0; i < 10; i++) expect((await guess(ctx, ip, headers(i))).statusCode).toBe(401);
}

describeEachDb(
  "client address by default (production)",
  (ctx) => {
    it("ignores a forged X-Forwarded-For: the per-address limit still applies", async () => {
      await useUpAddress(ctx(), "198.51.100.1", (i) => ({ "x-forwarded-for": `203.0.113.${i}` }));
      const limited = await guess(ctx(), "198.51.100.1", { "x-forwarded-for": "203.0.113.200" });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject(LIMITED);
    });

    it("counts an IPv6 client's whole /64 as one address", async () => {
      await useUpAddress(ctx(), "2001:db8:1:2::1", () => ({}));
      expect((await guess(ctx(), "2001:db8:1:2:ffff:ffff:ffff:ffff")).statusCode).toBe(429);
      expect((await guess(ctx(), "2001:db8:1:3::1")).statusCode).toBe(401);
    });
  },
  { env: { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525" } },
);

describeEachDb(
  "client address behind one proxy (TRUST_PROXY=1)",
  (ctx) => {
    it("counts the forwarded address, not the proxy's", async () => {
      await useUpAddress(ctx(), "10.9.0.1", () => ({ "x-forwarded-for": "203.0.113.7" }));
      expect((await guess(ctx(), "10.9.0.1", { "x-forwarded-for": "203.0.113.7" })).statusCode).toBe(429);
      // Only the hop next to the proxy counts: what the client put further left is ignored.
      expect((await guess(ctx(), "10.9.0.1", { "x-forwarded-for": "1.1.1.1, 203.0.113.7" })).statusCode).toBe(429);
      expect((await guess(ctx(), "10.9.0.1", { "x-forwarded-for": "203.0.113.8" })).statusCode).toBe(401);
    });
  },
  { env: { TRUST_PROXY: "1" } },
);

describeEachDb(
  "client address behind a listed proxy (TRUST_PROXY=10.9.0.0/16)",
  (ctx) => {
    it("believes X-Forwarded-For from the listed proxy only", async () => {
      await useUpAddress(ctx(), "10.9.0.2", () => ({ "x-forwarded-for": "203.0.113.9" }));
      expect((await guess(ctx(), "10.9.0.3", { "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(429);
      await useUpAddress(ctx(), "198.51.100.2", (i) => ({ "x-forwarded-for": `203.0.113.${20 + i}` }));
      expect((await guess(ctx(), "198.51.100.2", { "x-forwarded-for": "203.0.113.99" })).statusCode).toBe(429);
    });
  },
  { env: { TRUST_PROXY: "10.9.0.0/16" } },
);
