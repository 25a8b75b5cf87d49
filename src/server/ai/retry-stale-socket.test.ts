import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { retryOnStaleSocket } from "./retry-stale-socket";

let server: Server | undefined;

/** A server whose first `resets` requests have their socket destroyed before any answer; later ones get 200. */
async function resettingServer(resets: number): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  server = createServer((request, response) => {
    seen += 1;
    if (seen <= resets) {
      request.socket.destroy();
      return;
    }
    response.end("ok");
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1/chat/completions`, seen: () => seen };
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const post = { method: "POST", body: JSON.stringify({ prompt: "hi" }) };

describe("retryOnStaleSocket", () => {
  it("sends a request once more when its socket was reset before any answer", async () => {
    const peer = await resettingServer(2);
    // Without it, the reset reaches the caller (Marin would answer 503).
    await expect(fetch(peer.url, post)).rejects.toThrow();
    const response = await retryOnStaleSocket()(peer.url, post);
    expect(await response.text()).toBe("ok");
    expect(peer.seen()).toBe(3);
  });

  it("retries once only: a provider that keeps resetting still fails", async () => {
    const peer = await resettingServer(5);
    await expect(retryOnStaleSocket()(peer.url, post)).rejects.toThrow();
    expect(peer.seen()).toBe(2);
  });

  it("does not retry an aborted request or a refused connection", async () => {
    const peer = await resettingServer(5);
    const controller = new AbortController();
    const base: typeof fetch = async (input, init) => {
      controller.abort();
      return fetch(input, init);
    };
    await expect(retryOnStaleSocket(base)(peer.url, { ...post, signal: controller.signal })).rejects.toThrow();
    expect(peer.seen()).toBeLessThanOrEqual(1);
    let calls = 0;
    const refused: typeof fetch = async (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    await expect(retryOnStaleSocket(refused)("http://127.0.0.1:1/", post)).rejects.toThrow();
    expect(calls).toBe(1);
  });
});
