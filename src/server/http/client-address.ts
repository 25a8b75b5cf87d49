// Who a request comes from, for per-address limits: which proxies may name the client, and the key an address
// counts under.
import { isIPv6 } from "node:net";
import type { FastifyServerOptions } from "fastify";
import type { TrustProxy } from "../env";

/**
 * Fastify's trustProxy for the TRUST_PROXY setting. NOTE: Fastify 5.12 refuses a bare hop count (it cannot check
 * the peer), so a count becomes a function: it is only right when the app cannot be reached but through the proxy.
 */
export function trustProxyOption(setting: TrustProxy): FastifyServerOptions["trustProxy"] {
  if (typeof setting === "number") return setting > 0 && ((_address: string, hop: number) => hop < setting);
  return setting.length === 0 ? false : setting;
}

/**
 * The key per-address limits count under: an IPv4 address, or the /64 network of an IPv6 address, since one
 * subscriber usually holds a whole /64 and could otherwise step to a fresh address for every attempt.
 */
export function addressKey(ip: string): string {
  const plain = ip.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1]!;
  if (!isIPv6(plain)) return plain;
  return `${ipv6Groups(plain).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const parse = (part: string | undefined) =>
    part
      ? part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [group];
          const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        })
      : [];
  const [head, tail] = ip.split("::");
  const start = parse(head);
  const end = parse(tail);
  const gap = tail === undefined ? [] : Array<string>(8 - start.length - end.length).fill("0");
  return [...start, ...gap, ...end].map((group) => Number.parseInt(group, 16).toString(16));
}
