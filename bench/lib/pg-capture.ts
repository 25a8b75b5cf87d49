// A TCP proxy between the app and PostgreSQL that, while capturing, records every statement the app runs (its SQL,
// its parameters and how long PostgreSQL took to answer it), so the list bench can print the EXPLAIN (ANALYZE,
// BUFFERS) of exactly what a request ran without copying the app's SQL. It reads the wire protocol's message
// framing only; the bytes pass through unchanged. Plain connections only (no SSL, as on 127.0.0.1).
import { createServer, connect, type AddressInfo, type Socket } from "node:net";
import type pg from "pg";

export interface CapturedStatement {
  sql: string;
  /** Text parameters ($1 …); null for SQL NULL. Undefined when a parameter was sent in binary (not explained). */
  values: (string | null)[] | undefined;
  ms: number;
}

export interface PgCapture {
  /** The URL the app connects to instead of the database's own. */
  url: string;
  start(): void;
  /** The statements PostgreSQL answered since start(). */
  stop(): CapturedStatement[];
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;

/** Splits a stream into wire messages: a type byte and an int32 length (the startup message has no type byte). */
function framer(startup: boolean, onMessage: (type: string, body: Buffer) => void) {
  let pending: Buffer = Buffer.alloc(0);
  let first = startup;
  return (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (first) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        // NOTE: an SSLRequest is followed by the real startup message (the server said 'N' in one bare byte).
        first = pending.readInt32BE(4) === SSL_REQUEST;
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < length + 1) return;
      onMessage(String.fromCharCode(pending[0]!), pending.subarray(5, length + 1));
      pending = pending.subarray(length + 1);
    }
  };
}

const cString = (body: Buffer, at: number): [string, number] => {
  const end = body.indexOf(0, at);
  return [body.toString("utf8", at, end), end + 1];
};

/** The parameters of a Bind message: text values, or undefined when any was sent in binary. */
function bindValues(body: Buffer): { statement: string; values: (string | null)[] | undefined } {
  const [statement, afterNames] = cString(body, cString(body, 0)[1]);
  let at = afterNames;
  const formats: number[] = [];
  const formatCount = body.readInt16BE(at);
  at += 2;
  for (let i = 0; i < formatCount; i++, at += 2) formats.push(body.readInt16BE(at));
  const count = body.readInt16BE(at);
  at += 2;
  const values: (string | null)[] = [];
  let binary = false;
  for (let i = 0; i < count; i++) {
    const length = body.readInt32BE(at);
    at += 4;
    if ((formats.length === 1 ? formats[0] : formats[i]) === 1) binary = true;
    values.push(length < 0 ? null : body.toString("utf8", at, at + length));
    at += Math.max(length, 0);
  }
  return { statement, values: binary ? undefined : values };
}

export async function startPgCapture(databaseUrl: string): Promise<PgCapture> {
  const target = new URL(databaseUrl);
  let captured: CapturedStatement[] | undefined;
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const statements = new Map<string, string>();
    let bound: { sql: string; values: (string | null)[] | undefined } | undefined;
    // NOTE: one query at a time per connection (node-postgres), so answers come back in the order they were sent.
    const running: { sql: string; values: (string | null)[] | undefined; at: number }[] = [];
    const fromClient = framer(true, (type, body) => {
      if (type === "P") {
        const [name, at] = cString(body, 0);
        statements.set(name, cString(body, at)[0]);
      } else if (type === "B") {
        const { statement, values } = bindValues(body);
        bound = { sql: statements.get(statement) ?? "", values };
      } else if (type === "E" && bound) {
        running.push({ ...bound, at: performance.now() });
      } else if (type === "Q") {
        running.push({ sql: cString(body, 0)[0], values: [], at: performance.now() });
      }
    });
    let sawSslAnswer = false;
    const fromServer = framer(false, (type) => {
      if (type !== "C" && type !== "E" && type !== "I") return;
      const done = running.shift();
      if (done && captured) captured.push({ sql: done.sql, values: done.values, ms: performance.now() - done.at });
    });
    client.on("data", (chunk: Buffer) => {
      fromClient(chunk);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      // NOTE: the answer to an SSLRequest is one bare byte ('N'), outside the framing.
      if (!sawSslAnswer && chunk.length === 1 && chunk[0] === 0x4e) {
        sawSslAnswer = true;
      } else fromServer(chunk);
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    start: () => {
      captured = [];
    },
    stop: () => {
      const out = captured ?? [];
      captured = undefined;
      return out;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const READ_ONLY = /^\s*(select|with)\b/i;

/** A statement that only reads (a write would run for real under EXPLAIN ANALYZE), with text parameters. */
export const isPlainRead = (statement: CapturedStatement) =>
  READ_ONLY.test(statement.sql) && !/\b(insert|update|delete)\b/i.test(statement.sql) && statement.values !== undefined;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a captured statement, run again on `client` with the same parameters inside a
 * transaction that is rolled back; null for what is not a plain read (a write would run for real) or was bound in
 * binary.
 */
export async function explainStatement(client: pg.ClientBase, statement: CapturedStatement): Promise<string | null> {
  if (!isPlainRead(statement)) return null;
  await client.query("begin read only");
  try {
    const result = await client.query<{ "QUERY PLAN": string }>(
      `explain (analyze, buffers) ${statement.sql}`,
      statement.values,
    );
    return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
  } finally {
    await client.query("rollback");
  }
}
