// The HTML documents the server answers pages with, held in memory with their precompressed forms.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ENCODINGS, type Encoding, negotiateEncoding } from "./encoding";

export interface PageDocument {
  identity: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}

const EXTENSIONS: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Reads dir/name and the .br and .gz files beside it (written at build time); undefined when it is missing. */
export function readPageDocument(dir: string, name: string): PageDocument | undefined {
  const path = join(dir, name);
  if (!existsSync(path)) return undefined;
  const encoded: PageDocument["encoded"] = {};
  for (const encoding of ENCODINGS) {
    const file = path + EXTENSIONS[encoding];
    if (existsSync(file)) encoded[encoding] = readFileSync(file);
  }
  return { identity: readFileSync(path), encoded };
}

/** Sends the document in the best coding the request accepts; HEAD gets the same headers without the body. */
export function sendPageDocument(request: FastifyRequest, reply: FastifyReply, page: PageDocument): FastifyReply {
  const available = ENCODINGS.filter((e) => page.encoded[e]);
  const encoding = negotiateEncoding(request.headers["accept-encoding"], available);
  const body = encoding === "identity" ? page.identity : page.encoded[encoding]!;
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  const vary = reply.getHeader("vary");
  return reply
    .header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding")
    .header("cache-control", "no-cache")
    .type("text/html; charset=utf-8")
    .send(body);
}
