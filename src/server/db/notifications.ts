// PostgreSQL LISTEN on a dedicated connection (the pool's connections come and go, and a pooled LISTEN would be
// lost with them), reconnecting with backoff when it drops. Whoever listens is told when the connection is lost
// and when it listens again: notifications sent in between are gone, so the listener must assume it missed some.
import pg from "pg";

export interface ListenHandlers {
  onNotification(payload: string): void;
  /** LISTEN is in place (first time, or again after a loss). */
  onListening(): void;
  /** The connection is gone; notifications may be missed until the next onListening. */
  onLost(error: Error): void;
}

export interface Listener {
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Backoff between attempts: from minDelayMs, doubling, up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A connection that answers nothing (half-open TCP) is noticed by this periodic query. */
  heartbeatMs?: number;
  connectTimeoutMs?: number;
}

export function listenForNotifications(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  options: ListenOptions = {},
): Listener {
  const { minDelayMs = 100, maxDelayMs = 5_000, heartbeatMs = 10_000, connectTimeoutMs = 5_000 } = options;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let delay = minDelayMs;

  const lose = (current: pg.Client, error: Error) => {
    if (client !== current) return; // already handled
    client = undefined;
    clearInterval(heartbeat);
    current.end().catch(() => undefined);
    if (closed) return;
    handlers.onLost(error);
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, maxDelayMs);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const current = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    });
    client = current;
    // NOTE: without these listeners a dropped connection would end the process.
    current.on("error", (error) => lose(current, error));
    current.on("end", () => lose(current, new Error("notification connection ended")));
    current.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotification(message.payload);
    });
    try {
      await current.connect();
      await current.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(current, error as Error);
      return;
    }
    if (client !== current || closed) return;
    delay = minDelayMs;
    heartbeat = setInterval(() => {
      const ping: pg.QueryConfig = { text: "select 1", ...{ query_timeout: connectTimeoutMs } };
      current.query(ping).catch((error: Error) => lose(current, error));
    }, heartbeatMs);
    heartbeat.unref();
    handlers.onListening();
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
