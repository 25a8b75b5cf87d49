// A real OpenAI-compatible chat-completions server on 127.0.0.1 for tests and the TTFT benchmark: streams SSE
// chunks (`data: {choices:[{delta:{content}}]}` … `data: [DONE]`) or answers JSON, records every request, and can be
// told to fail the ways real providers do (500, a malformed chunk, a hang, a connection closed mid-stream, slowness).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type PeerFailure =
  | "none"
  | "status-500"
  | "malformed-chunk"
  | "hang"
  | "close-mid-stream"
  | "content-filter"
  | "empty";

export interface PeerBehaviour {
  /** The answer's text pieces, one chunk each. */
  chunks: string[];
  /** Wait before the first chunk (a model thinking). */
  firstChunkDelayMs: number;
  /** Wait before each later chunk. */
  chunkDelayMs: number;
  failure: PeerFailure;
}

export interface PeerRequest {
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string }[];
    max_tokens?: number;
    seed?: number;
    [key: string]: unknown;
  };
  headers: IncomingMessage["headers"];
  /** True once the client closed the connection before the answer was complete. */
  closedEarly: boolean;
  /** Settles when the exchange is over (answered or closed). */
  finished: Promise<void>;
}

export interface OpenAiPeer {
  /** The base URL for AI_BASE_URL (ends in /v1). */
  url: string;
  requests: PeerRequest[];
  /** Changes how the following requests are answered (the rest stays as it was). */
  behave(change: Partial<PeerBehaviour>): void;
  /** Back to the default behaviour; forgets recorded requests. */
  reset(): void;
  /** The system prompt plus every message of request `index` (default: the last), as one text. */
  promptText(index?: number): string;
  close(): Promise<void>;
}

const DEFAULT_BEHAVIOUR: PeerBehaviour = {
  chunks: ["Ren ", "lifted ", "the ", "lantern."],
  firstChunkDelayMs: 0,
  chunkDelayMs: 0,
  failure: "none",
};

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

function chunk(delta: Record<string, unknown>, finishReason: string | null = null, model = "peer-model") {
  const body = {
    id: "chatcmpl-peer",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

async function readBody(req: IncomingMessage): Promise<PeerRequest["body"]> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString("utf8") || "{}");
}

export async function startOpenAiPeer(): Promise<OpenAiPeer> {
  let behaviour = { ...DEFAULT_BEHAVIOUR };
  const requests: PeerRequest[] = [];
  const open = new Set<ServerResponse>();

  async function answer(res: ServerResponse, record: PeerRequest, now: PeerBehaviour) {
    const gone = () => res.destroyed || record.closedEarly;
    if (now.failure === "status-500") {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "upstream exploded", type: "server_error" } }));
      return;
    }
    if (now.failure === "hang") return; // never answers; the client has to give up
    const text = now.failure === "empty" ? [] : now.chunks;
    const finish = now.failure === "content-filter" ? "content_filter" : "stop";
    if (!record.body.stream) {
      await sleep(now.firstChunkDelayMs);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-peer",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: record.body.model ?? "peer-model",
          choices: [{ index: 0, message: { role: "assistant", content: text.join("") }, finish_reason: finish }],
          usage: { prompt_tokens: 10, completion_tokens: text.length, total_tokens: 10 + text.length },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.flushHeaders();
    await sleep(now.firstChunkDelayMs);
    for (const [i, piece] of text.entries()) {
      if (gone()) return;
      if (i > 0) await sleep(now.chunkDelayMs);
      if (gone()) return;
      res.write(chunk(i === 0 ? { role: "assistant", content: piece } : { content: piece }));
      if (now.failure === "malformed-chunk" && i === 0) res.write('data: {"choices":[{"delta":{"content": "half\n\n');
      if (now.failure === "close-mid-stream" && i === Math.floor(text.length / 2)) {
        // NOTE: let what was written reach the client first; destroy() drops unsent bytes.
        await sleep(50);
        res.socket?.destroy();
        return;
      }
    }
    if (gone()) return;
    res.write(chunk({}, finish));
    res.write(
      `data: ${JSON.stringify({ id: "chatcmpl-peer", object: "chat.completion.chunk", created: 0, model: "peer-model", choices: [], usage: { prompt_tokens: 10, completion_tokens: text.length, total_tokens: 10 + text.length } })}\n\n`,
    );
    res.end("data: [DONE]\n\n");
  }

  const server = createServer((req, res) => {
    open.add(res);
    let settle: () => void = () => {};
    const record: PeerRequest = {
      body: {},
      headers: req.headers,
      closedEarly: false,
      finished: new Promise<void>((resolve) => {
        settle = resolve;
      }),
    };
    res.on("close", () => {
      open.delete(res);
      if (!res.writableFinished) record.closedEarly = true;
      settle();
    });
    const now = { ...behaviour };
    readBody(req)
      .then((body) => {
        record.body = body;
        requests.push(record);
        if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
          res.writeHead(404, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "not found" } }));
          return;
        }
        return answer(res, record, now);
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(change) {
      behaviour = { ...behaviour, ...change };
    },
    reset() {
      behaviour = { ...DEFAULT_BEHAVIOUR };
      requests.length = 0;
    },
    promptText(index = requests.length - 1) {
      return (requests[index]?.body.messages ?? []).map((m) => `${m.role}: ${m.content}`).join("\n");
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
