// One autocannon run against one URL, reduced to the numbers the tables print.
import autocannon from "autocannon";

export interface LoadOptions {
  url: string;
  connections: number;
  /** Requests in flight per connection (HTTP pipelining); 1 is what browsers do. */
  pipelining?: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
  /** Every answer is compared with it; a mismatch fails the run. */
  expectBody?: string;
}

export interface LoadResult {
  /** Requests per second, averaged over the run. */
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  requests: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const NOT_ASCII = /[\u0080-\uffff]/g;

/**
 * autocannon decodes each chunk of a body as UTF-8 on its own, so a character split between two chunks arrives as
 * replacement characters: a body with characters outside ASCII is compared on its ASCII characters.
 */
function bodyCheck(expected: string | undefined): Pick<autocannon.Options, "expectBody" | "verifyBody"> {
  if (expected === undefined || expected.search(NOT_ASCII) === -1) return { expectBody: expected };
  const ascii = expected.replace(NOT_ASCII, "");
  return { verifyBody: (body) => String(body).replace(NOT_ASCII, "") === ascii };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: options.pipelining ?? 1,
        duration: options.duration,
        headers: options.headers,
        ...bodyCheck(options.expectBody),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // NOTE: autocannon's own histogram keeps whole milliseconds, too coarse for a "p99 under 5 ms"
    // budget; each response event carries the exact time. (The event's first argument is the client,
    // which @types/autocannon leaves out.)
    const onResponse = (_client: unknown, _status: number, _bytes: number, ms: number) => void latencies.push(ms);
    instance.on("response", onResponse as never);
  });
  const failed = result.errors + result.timeouts + result.non2xx + result.mismatches;
  if (failed > 0) {
    throw new Error(
      `${options.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx, ` +
        `${result.mismatches} wrong bodies out of ${result.requests.total} requests`,
    );
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    requests: result.requests.total,
  };
}
