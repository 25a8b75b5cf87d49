// The baseline: a bare Node http server answering, from memory, the bytes the app answered.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parentOptions, serveParent } from "../lib/ipc";

export interface BareRoute {
  contentType: string;
  /** base64, so the bytes arrive exactly as the app sent them. */
  body: string;
}

export interface BareServerOptions {
  routes: Record<string, BareRoute>;
}

const { routes } = parentOptions<BareServerOptions>();
const answers = new Map(
  Object.entries(routes).map(([path, r]) => [
    path,
    { contentType: r.contentType, body: Buffer.from(r.body, "base64") },
  ]),
);

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? "");
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "content-type": answer.contentType, "content-length": answer.body.length });
  response.end(answer.body);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

serveParent(
  { port: (server.address() as AddressInfo).port },
  {
    rss: () => process.memoryUsage().rss,
    /** CPU microseconds this process has used (user + system): the cost per request, even on a busy machine. */
    cpu: () => {
      const { user, system } = process.cpuUsage();
      return user + system;
    },
  },
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
