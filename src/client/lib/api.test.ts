// The fetch wrapper against a real local HTTP server: the "status: body text" error format and 401 handling.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiJson, apiRequest, errorMessage, getQueryFn } from "./api";

let server: Server;
let base = "";
const seen: { method?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      seen.push({ method: req.method, contentType: req.headers["content-type"], body });
      if (req.url === "/bad") {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: "Story title is required", code: "VALIDATION" }));
      } else if (req.url === "/empty-error") {
        res.writeHead(500);
        res.end();
      } else if (req.url === "/me") {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: "Not authenticated" }));
      } else if (req.url === "/no-content") {
        res.writeHead(204);
        res.end();
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ok: true, echo: body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the API client", () => {
  it("makes a non-OK answer an error 'status: body'", async () => {
    const error = await apiRequest("POST", `${base}/bad`, { title: "" }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('400: {"message":"Story title is required","code":"VALIDATION"}');
    expect(errorMessage(error)).toBe("Story title is required");
    expect(error.data.code).toBe("VALIDATION");
  });

  it("uses the status text when the body is empty", async () => {
    const error = await apiRequest("GET", `${base}/empty-error`).catch((e) => e);
    expect(error.message).toBe("500: Internal Server Error");
  });

  it("sends a JSON body only when a payload is given", async () => {
    seen.length = 0;
    await apiRequest("POST", `${base}/echo`);
    await apiRequest("POST", `${base}/echo`, { a: 1 });
    expect(seen).toEqual([
      { method: "POST", contentType: undefined, body: "" },
      { method: "POST", contentType: "application/json", body: '{"a":1}' },
    ]);
  });

  it("parses JSON answers and tolerates empty ones", async () => {
    expect(await apiJson("POST", `${base}/echo`, { b: 2 })).toEqual({ ok: true, echo: '{"b":2}' });
    expect(await apiJson("DELETE", `${base}/no-content`)).toBeUndefined();
  });

  it("reads the query key's first element as the URL; 401 gives null or throws as configured", async () => {
    expect(await getQueryFn({ on401: "returnNull" })({ queryKey: [`${base}/me`] })).toBeNull();
    await expect(getQueryFn({ on401: "throw" })({ queryKey: [`${base}/me`] })).rejects.toThrow(
      '401: {"message":"Not authenticated"}',
    );
    expect(await getQueryFn({ on401: "throw" })({ queryKey: [`${base}/ok`] })).toEqual({ ok: true, echo: "" });
  });
});
