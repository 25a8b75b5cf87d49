// A TCP proxy on 127.0.0.1 that a test puts between the app and PostgreSQL to stage outages:
// "down" resets every connection and each new one (a crashed or restarting server),
// "hang" holds every byte and every new connection (a server or network that stops answering).
import { createServer, type Server, Socket } from "node:net";

export type ProxyState = "up" | "down" | "hang";

export interface TcpProxy {
  port: number;
  setState(state: ProxyState): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: ProxyState = "up";
  const pairs = new Set<[Socket, Socket]>();
  const held = new Set<Socket>();

  const connect = (client: Socket) => {
    const upstream = new Socket();
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) socket.on("error", drop).on("close", drop);
    // NOTE: no pipe(): while hanging, bytes are swallowed (pause() alone is undone by pipe's drain handling).
    client.on("data", (chunk) => state === "up" && upstream.write(chunk));
    upstream.on("data", (chunk) => state === "up" && client.write(chunk));
    upstream.connect(target.port, target.host);
  };

  const server: Server = createServer((client) => {
    if (state === "down") return void client.destroy();
    if (state === "hang") {
      held.add(client);
      client.on("error", () => client.destroy()).on("close", () => held.delete(client));
      return;
    }
    connect(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  const setState = (next: ProxyState) => {
    const previous = state;
    state = next;
    if (next === "hang" || next === previous) return;
    // NOTE: leaving a hang resets what it held, as a server that comes back has forgotten those sessions.
    const stale = next === "down" || previous === "hang";
    for (const pair of stale ? pairs : []) for (const socket of pair) socket.destroy();
    for (const socket of held) socket.destroy();
    held.clear();
  };
  return {
    port,
    setState,
    async close() {
      setState("down");
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
