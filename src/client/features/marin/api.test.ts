// The SSE client against a real local HTTP server speaking the chat's Server-Sent Events: deltas in order however
// the bytes are split, the final answer, error events, pre-stream errors (the daily limit), and Stop.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAILY_LIMIT_CODE } from "../../../shared/schemas/marin";
import { isAbortError, isDailyLimitError, MarinError, streamMarin } from "./api";

let server: Server;
let base = "";
const seen: { accept?: string; body: string }[] = [];
let closedEarly: () => void = () => {};

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function writeSlowly(res: ServerResponse, text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) {
    res.write(bytes.subarray(i, i + size));
    await sleep(1);
  }
}

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void> | void> = {
  "/ok": async (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    await writeSlowly(
      res,
      frame("delta", { text: "Mia " }) +
        frame("delta", { text: "läuft — " }) +
        frame("delta", { text: "fast." }) +
        frame("done", { response: "Mia läuft — fast.", model: "Offline storyteller", promptsLeft: 1 }),
      3,
    );
    res.end();
  },
  "/error-event": (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(
      frame("delta", { text: "half" }) + frame("error", { message: "The model stopped answering", code: "AI_FAILED" }),
    );
  },
  "/limit": (_req, res) => {
    res.writeHead(429, { "content-type": "application/json" });
    res.end(JSON.stringify({ dailyLimit: true, message: "You've used all your free AI prompts for today." }));
  },
  "/rate": (_req, res) => {
    res.writeHead(429, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: "Slow down a little", code: "AI_RATE_LIMITED" }));
  },
  "/down": (_req, res) => {
    res.writeHead(502, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: "The AI service is not answering", code: "AI_UNAVAILABLE" }));
  },
  "/cut": (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(frame("delta", { text: "and then" }));
  },
  "/json": (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ response: "Whole answer" }));
  },
  "/endless": (req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(frame("delta", { text: "tick" }));
    const timer = setInterval(() => res.write(frame("delta", { text: " tick" })), 5);
    req.socket.on("close", () => {
      clearInterval(timer);
      closedEarly();
    });
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      seen.push({ accept: req.headers.accept, body });
      void routes[req.url ?? ""]?.(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the Marin stream client", () => {
  it("asks for SSE, hands over the deltas in order (multi-byte text split across chunks) and resolves with done", async () => {
    seen.length = 0;
    const deltas: string[] = [];
    let last = "";
    const answer = await streamMarin<{ response: string }>(
      `${base}/ok`,
      { prompt: "go" },
      {
        onDelta: (text, soFar) => {
          deltas.push(text);
          last = soFar;
        },
      },
    );
    expect(seen[0]).toEqual({ accept: "text/event-stream", body: '{"prompt":"go"}' });
    expect(deltas).toEqual(["Mia ", "läuft — ", "fast."]);
    expect(last).toBe("Mia läuft — fast.");
    expect(answer).toEqual({ response: "Mia läuft — fast.", model: "Offline storyteller", promptsLeft: 1 });
  });

  it("rejects with the server's message and code on an error event, after the deltas before it", async () => {
    const deltas: string[] = [];
    const error = await streamMarin(`${base}/error-event`, {}, { onDelta: (t) => deltas.push(t) }).catch((e) => e);
    expect(deltas).toEqual(["half"]);
    expect(error).toBeInstanceOf(MarinError);
    expect(error).toMatchObject({ message: "The model stopped answering", code: "AI_FAILED" });
  });

  it("makes a 429 with dailyLimit the DAILY_LIMIT_EXCEEDED error, and other 429s not", async () => {
    const limit = await streamMarin(`${base}/limit`, {}).catch((e) => e);
    expect(limit).toMatchObject({ code: DAILY_LIMIT_CODE, status: 429 });
    expect(isDailyLimitError(limit)).toBe(true);
    const rate = await streamMarin(`${base}/rate`, {}).catch((e) => e);
    expect(rate).toMatchObject({ message: "Slow down a little", code: "AI_RATE_LIMITED", status: 429 });
    expect(isDailyLimitError(rate)).toBe(false);
  });

  it("turns other non-OK answers into errors with the server's message", async () => {
    const error = await streamMarin(`${base}/down`, {}).catch((e) => e);
    expect(error).toMatchObject({ message: "The AI service is not answering", code: "AI_UNAVAILABLE", status: 502 });
  });

  it("fails a stream that ends without its done event", async () => {
    const error = await streamMarin(`${base}/cut`, {}).catch((e) => e);
    expect(error).toMatchObject({ code: "AI_FAILED", message: "The answer ended before it was complete" });
  });

  it("accepts a plain JSON answer", async () => {
    expect(await streamMarin(`${base}/json`, {})).toEqual({ response: "Whole answer" });
  });

  it("stops on abort: rejects with an AbortError and the server sees the connection close", async () => {
    const closed = new Promise<void>((resolve) => {
      closedEarly = resolve;
    });
    const controller = new AbortController();
    const deltas: string[] = [];
    const running = streamMarin(
      `${base}/endless`,
      {},
      {
        signal: controller.signal,
        onDelta: (text) => {
          deltas.push(text);
          if (deltas.length === 3) controller.abort();
        },
      },
    ).catch((e) => e);
    const error = await running;
    expect(isAbortError(error)).toBe(true);
    expect(deltas).toHaveLength(3);
    await closed;
  });
});
