import { brotliCompressSync } from "node:zlib";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { describeEachDb, send, TEST_APP_URL } from "../test/app";

const clientDir = mkdtempSync(join(tmpdir(), "ficforge-client-"));
mkdirSync(join(clientDir, "assets"));
writeFileSync(join(clientDir, "index.html"), "<!doctype html><div id=root></div>");
writeFileSync(join(clientDir, "assets", "index-abc123.js"), "console.log(1)");
writeFileSync(join(clientDir, "favicon.svg"), "<svg/>");
writeFileSync(join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {})");
// The build writes compressed copies beside it (scripts/compress-assets.mjs); the browser is sent one of them.
writeFileSync(join(clientDir, "sw.js.br"), brotliCompressSync("self.addEventListener('fetch', () => {})"));
writeFileSync(join(clientDir, "manifest.webmanifest"), '{"name":"FicForge"}');

describeEachDb(
  "HTTP foundation",
  (ctx) => {
    it("answers /healthz and /readyz", async () => {
      const health = await ctx().app.inject({ url: "/healthz" });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: "ok" });
      const ready = await ctx().app.inject({ url: "/readyz" });
      expect(ready.json()).toMatchObject({ status: "ok", database: ctx().kind });
    });

    it("answers unknown API paths with JSON 404", async () => {
      const response = await ctx().app.inject({ url: "/api/nothing-here" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json()).toEqual({ message: "Not found", code: "NOT_FOUND" });
    });

    it("serves the app for known pages with 200 and for unknown pages with 404", async () => {
      for (const url of ["/", "/auth", "/dashboard/story/5/read"]) {
        const response = await ctx().app.inject({ url });
        expect([url, response.statusCode]).toEqual([url, 200]);
        expect(response.body).toContain("<div id=root>");
        expect(response.headers["cache-control"]).toBe("no-cache");
      }
      const missing = await ctx().app.inject({ url: "/no/such/page" });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain("<div id=root>");
    });

    it("caches hashed assets for a year and other files briefly", async () => {
      const asset = await ctx().app.inject({ url: "/assets/index-abc123.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const icon = await ctx().app.inject({ url: "/favicon.svg" });
      expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    });

    it("serves the service worker uncached from the root scope and the web app manifest as one", async () => {
      const plain = await ctx().app.inject({ url: "/sw.js" });
      expect(plain.headers["cache-control"]).toBe("no-cache");
      const worker = await ctx().app.inject({ url: "/sw.js", headers: { "accept-encoding": "br" } });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers["content-encoding"]).toBe("br");
      expect(worker.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
      expect(worker.headers["cache-control"]).toBe("no-cache");
      // The CSP lets a same-origin worker and manifest load (both fall back to default-src 'self').
      const csp = String(worker.headers["content-security-policy"]);
      expect(csp).not.toMatch(/worker-src|manifest-src/);
      expect(csp).toContain("default-src 'self'");
      const manifest = await ctx().app.inject({ url: "/manifest.webmanifest" });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    });

    it("sends security headers with a CSP", async () => {
      const response = await ctx().app.inject({ url: "/" });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
    });

    it("refuses mutations from another origin and allows same-origin ones", async () => {
      const foreign = await send(ctx().app, "POST", "/api/logout", undefined, { origin: "https://evil.example" });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ message: "Cross-origin request refused", code: "FORBIDDEN" });
      const crossSite = await send(ctx().app, "POST", "/api/logout", undefined, { "sec-fetch-site": "cross-site" });
      expect(crossSite.statusCode).toBe(403);
      // Same origin passes the gate and reaches routing (404 here would mean the gate let it through).
      const same = await send(ctx().app, "POST", "/api/not-a-route", undefined, { origin: TEST_APP_URL });
      expect(same.statusCode).toBe(404);
    });

    it("judges a write without Origin by its Referer, and lets a client with neither through", async () => {
      const refused = { message: "Cross-origin request refused", code: "FORBIDDEN" };
      const post = (url: string, headers: Record<string, string>) =>
        ctx().app.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/json", ...headers },
          body: "{}",
        });
      // Origin: null (a sandboxed frame, a cross-site redirect) is not the app's origin.
      const nullOrigin = await post("/api/logout", { origin: "null" });
      expect([nullOrigin.statusCode, nullOrigin.json()]).toEqual([403, refused]);
      // An older browser that sends no Origin but a foreign Referer.
      const foreignReferer = await post("/api/logout", { referer: "https://evil.example/page" });
      expect([foreignReferer.statusCode, foreignReferer.json()]).toEqual([403, refused]);
      expect((await post("/api/logout", { referer: "not a url" })).statusCode).toBe(403);
      // Same-origin Referer, or a program with neither header (it holds its own cookie): through the gate.
      expect((await post("/api/not-a-route", { referer: `${TEST_APP_URL}/dashboard` })).statusCode).toBe(404);
      expect((await post("/api/not-a-route", {})).statusCode).toBe(404);
    });

    it("answers 401 JSON for the current user without a session", async () => {
      const response = await ctx().app.inject({ url: "/api/user" });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Not authenticated", code: "UNAUTHORIZED" });
    });

    it("answers 503 from /readyz when the database is down", async () => {
      const { deps } = ctx();
      const ping = deps.database.ping;
      deps.database.ping = async () => {
        throw new Error("connection refused");
      };
      try {
        const response = await ctx().app.inject({ url: "/readyz" });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          message: "The database is unavailable right now. Please try again in a moment.",
          code: "DB_UNAVAILABLE",
          checks: { database: { ok: false } },
        });
      } finally {
        deps.database.ping = ping;
      }
    });
  },
  { clientDir },
);
