// The request latency histogram, cheap on the hot path: each series (route, method, status) is a few numbers that an
// observation bumps (a bucket found in a 13-entry array, no strings, no allocation), exported in prom-client's
// histogram shape when /metrics is scraped. prom-client's own Histogram hashes its labels into a string on every
// observe (~0.75 µs here), a few percent of a cached read's whole cost (docs/decisions/0037).
import type { Registry } from "prom-client";

interface Series {
  labels: Record<string, string>;
  /** Per bucket, not cumulative; the last slot counts what is above every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

export interface RequestHistogram {
  /** A series for these label values, made once by the caller and kept. */
  series(labels: Record<string, string>): Series;
  observe(series: Series, seconds: number): void;
}

export function createRequestHistogram(
  registry: Registry,
  name: string,
  help: string,
  buckets: readonly number[],
): RequestHistogram {
  const all: Series[] = [];
  const bounds = Float64Array.from(buckets);
  const metric = {
    name,
    help,
    type: "histogram",
    aggregator: "sum",
    get: async () => {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const { labels, counts, sum, count } of all) {
        let cumulative = 0;
        for (let i = 0; i < bounds.length; i++) {
          cumulative += counts[i] ?? 0;
          values.push({ labels: { ...labels, le: bounds[i]! }, value: cumulative, metricName: `${name}_bucket` });
        }
        values.push({ labels: { ...labels, le: "+Inf" }, value: count, metricName: `${name}_bucket` });
        values.push({ labels, value: sum, metricName: `${name}_sum` });
        values.push({ labels, value: count, metricName: `${name}_count` });
      }
      return { name, help, type: "histogram", values, aggregator: "sum" };
    },
    reset: () => {
      for (const series of all) {
        series.counts.fill(0);
        series.sum = 0;
        series.count = 0;
      }
    },
  };
  registry.registerMetric(metric as unknown as Parameters<Registry["registerMetric"]>[0]);
  return {
    series(labels) {
      const series: Series = { labels, counts: new Float64Array(bounds.length + 1), sum: 0, count: 0 };
      all.push(series);
      return series;
    },
    observe(series, seconds) {
      let i = 0;
      while (i < bounds.length && seconds > bounds[i]!) i++;
      series.counts[i]!++;
      series.sum += seconds;
      series.count++;
    },
  };
}
