// Content-coding negotiation for the pages the server sends itself (RFC 9110 section 12.5.3). Static files go
// through @fastify/static's own negotiation; both serve what scripts/compress-assets.mjs wrote at build time.

export type Encoding = "br" | "gzip";
/** Best first: at equal quality brotli wins, it is 15–20% smaller than gzip on our bundles. */
export const ENCODINGS: readonly Encoding[] = ["br", "gzip"];

function parseAcceptEncoding(header: string): Map<string, number> {
  const qualities = new Map<string, number>();
  for (const element of header.split(",")) {
    const [name = "", ...params] = element.split(";");
    const coding = name.trim().toLowerCase();
    if (!coding || qualities.has(coding)) continue;
    let quality = 1;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=");
      if (key.trim().toLowerCase() !== "q") continue;
      // NOTE: a malformed weight counts as "not acceptable": never send what the client did not clearly accept.
      const q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value.trim()) ? Number(value) : 0;
      quality = q;
    }
    qualities.set(coding, quality);
  }
  return qualities;
}

/**
 * The coding to answer with, given the request's Accept-Encoding and the forms the server holds. Without the
 * header the answer is not encoded; `*` stands for any coding not named; identity stays acceptable unless
 * refused, and wins over a coding the client weighs lower.
 */
export function negotiateEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | "identity" {
  if (header === undefined) return "identity";
  const qualities = parseAcceptEncoding(header);
  const wildcard = qualities.get("*");
  const qualityOf = (coding: string) => qualities.get(coding) ?? wildcard ?? 0;
  const identity = qualities.get("identity") ?? wildcard ?? 1;
  let best: Encoding | "identity" = "identity";
  let bestQuality = 0;
  for (const coding of ENCODINGS) {
    const q = qualityOf(coding);
    if (available.includes(coding) && q > bestQuality) {
      best = coding;
      bestQuality = q;
    }
  }
  return bestQuality > 0 && bestQuality >= identity ? best : "identity";
}
