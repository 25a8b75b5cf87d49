// A provider connection reset before any answer is sent once more, on a fresh socket.
//
// NOTE: undici keeps provider sockets alive between requests; a provider (or a proxy before it) that closed an idle
// one shows it only when the next request is written to it, as ECONNRESET or "other side closed". That request never
// reached the model, so sending it again is safe, and better than a 503 that tells the writer Marin is down.
// Anything else (refused, timed out, aborted, any HTTP answer) is not retried.

const STALE_SOCKET_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

function isStaleSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === "string" && STALE_SOCKET_CODES.has(cause.code);
}

export function retryOnStaleSocket(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await base(input, init);
    } catch (error) {
      if (init?.signal?.aborted || !isStaleSocket(error)) throw error;
      return base(input, init);
    }
  };
}
