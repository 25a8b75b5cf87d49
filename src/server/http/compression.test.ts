// Built files and pages go out precompressed (brotli, gzip) by Accept-Encoding, with Vary and their cache rules.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { describeEachDb } from "../test/app";
import { createVerifiedUserWithSession } from "../test/factories";

const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});`;
const SHELL = "<!doctype html><div id=root></div><!-- shell -->";
const LANDING = "<!doctype html><div id=root><h1>Write</h1><a href=/auth>Login</a></div>";
const LANDING_SIGNED_IN = "<!doctype html><div id=root><h1>Write</h1><a href=/dashboard>Dashboard</a></div>";

/** A built client as scripts/compress-assets.mjs leaves it: each file beside its .br and .gz. */
function writeWithEncodings(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

const clientDir = mkdtempSync(join(tmpdir(), "ficforge-client-"));
mkdirSync(join(clientDir, "assets"));
writeWithEncodings(join(clientDir, "index.html"), SHELL);
writeWithEncodings(join(clientDir, "landing.html"), LANDING);
writeWithEncodings(join(clientDir, "landing-signed-in.html"), LANDING_SIGNED_IN);
writeWithEncodings(join(clientDir, "assets", "index-abc123.js"), SCRIPT);
writeFileSync(join(clientDir, "favicon.svg"), "<svg/>");

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString();
}

const varyOf = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/);

describeEachDb(
  "precompressed client",
  (ctx) => {
    const get = (url: string, acceptEncoding?: string, method: "GET" | "HEAD" = "GET", cookie?: string) =>
      ctx().app.inject({
        method,
        url,
        headers: {
          ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }),
          ...(cookie && { cookie }),
        },
      });

    it("serves hashed assets in brotli, gzip or as they are, keeping their year-long cache", async () => {
      const cases: [string | undefined, string | undefined][] = [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip", "gzip"],
        ["br;q=0.5, gzip", "gzip"],
        [undefined, undefined],
        ["identity", undefined],
      ];
      for (const [accept, expected] of cases) {
        const response = await get("/assets/index-abc123.js", accept);
        expect([accept, response.statusCode, response.headers["content-encoding"]]).toEqual([accept, 200, expected]);
        expect(decoded(response)).toBe(SCRIPT);
        expect(response.headers["content-type"]).toMatch(/javascript/);
        expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(varyOf(response)).toContain("accept-encoding");
      }
      const brotli = await get("/assets/index-abc123.js", "br");
      expect(Number(brotli.headers["content-length"])).toBeLessThan(SCRIPT.length / 10);
    });

    it("serves a file that has no compressed form as it is", async () => {
      const icon = await get("/favicon.svg", "br, gzip");
      expect(icon.statusCode).toBe(200);
      expect(icon.headers["content-encoding"]).toBeUndefined();
      expect(icon.body).toBe("<svg/>");
      expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    });

    it("serves pages compressed by the request's weights, with Vary and no-cache", async () => {
      const cases: [string | undefined, string | undefined][] = [
        ["gzip, deflate, br", "br"],
        ["gzip;q=1, br;q=0.8", "gzip"],
        ["br;q=0, gzip", "gzip"],
        ["*", "br"],
        ["*;q=0.5, identity", undefined],
        ["gzip;q=0, br;q=0", undefined],
        ["deflate", undefined],
        ["", undefined],
        [undefined, undefined],
      ];
      for (const [accept, expected] of cases) {
        for (const [url, status] of [
          ["/dashboard", 200],
          ["/no/such/page", 404],
        ] as const) {
          const response = await get(url, accept);
          expect([url, accept, response.statusCode, response.headers["content-encoding"]]).toEqual([
            url,
            accept,
            status,
            expected,
          ]);
          expect(decoded(response)).toBe(SHELL);
          expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
          expect(response.headers["cache-control"]).toBe("no-cache");
          expect(varyOf(response)).toContain("accept-encoding");
        }
      }
    });

    it("answers HEAD for pages with the GET headers and no body", async () => {
      const head = await get("/auth", "br", "HEAD");
      const full = await get("/auth", "br");
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-encoding"]).toBe("br");
      expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
      expect(head.rawPayload.length).toBe(0);
      expect(varyOf(head)).toContain("accept-encoding");
    });

    it("serves the prerendered landing page, in its signed-in form only to a signed-in browser", async () => {
      const visitor = await get("/", "br");
      expect(decoded(visitor)).toBe(LANDING);
      expect(varyOf(visitor)).toEqual(expect.arrayContaining(["accept-encoding", "cookie"]));
      expect(visitor.headers["set-cookie"]).toBeUndefined();

      const hinted = await get("/", "gzip", "GET", "ff_signed_in=1");
      expect(decoded(hinted)).toBe(LANDING_SIGNED_IN);
      expect(hinted.headers["content-encoding"]).toBe("gzip");
    });

    it("gives a live session from before the hint its hint, and clears a dead session's cookie", async () => {
      const { cookie } = await createVerifiedUserWithSession(ctx().database.db);
      const live = await get("/", "br", "GET", cookie);
      expect(decoded(live)).toBe(LANDING_SIGNED_IN);
      const hint = live.cookies.find((c) => c.name === "ff_signed_in");
      expect(hint).toMatchObject({ value: "1", path: "/", sameSite: "Lax" });
      expect(hint?.httpOnly).toBeUndefined();
      expect(hint?.expires?.getTime()).toBeGreaterThan(Date.now());

      const dead = await get("/dashboard", "br", "GET", "ff_session=not-a-session");
      expect(dead.statusCode).toBe(200);
      const cleared = dead.cookies.filter((c) => c.expires && c.expires.getTime() <= Date.now()).map((c) => c.name);
      expect(cleared.sort()).toEqual(["ff_session", "ff_signed_in"]);
    });
  },
  { clientDir },
);
