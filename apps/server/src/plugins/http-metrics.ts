/** Upper bounds of the request duration buckets in seconds (Prometheus clients' defaults). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const COUNTER = {
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
};
const HISTOGRAM = {
  name: 'http_request_duration_seconds',
  help: 'Time to answer HTTP requests, by method, route pattern and status code',
};

/** The requests of one method, route pattern and status code. */
interface Series {
  /** Its labels as the text format writes them: `method="GET",route="/x",status_code="200"`. */
  readonly labels: string;
  count: number;
  sum: number;
  /** Requests per bucket (not cumulative); the last one counts those slower than every bound. */
  readonly buckets: number[];
}

/** A label value in the text format: backslash, line feed and double quote escaped. */
const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/**
 * The HTTP request counter and duration histogram, counted in one map entry per method, route and status, and
 * written in the Prometheus text format (as prom-client writes them) when scraped. Every request is counted;
 * prom-client's own Counter and Histogram checked and hashed the labels of each request twice, a twentieth of a
 * cached call's time.
 */
export function httpRequestMetrics() {
  /** By route, then method, then status: the route and method strings are the same objects on every request. */
  const series = new Map<string, Map<string, Map<number, Series>>>();
  /** Every series, in the order they were first seen. */
  const seen: Series[] = [];

  function seriesOf(method: string, route: string, statusCode: number): Series {
    let ofRoute = series.get(route);
    if (!ofRoute) series.set(route, (ofRoute = new Map()));
    let ofMethod = ofRoute.get(method);
    if (!ofMethod) ofRoute.set(method, (ofMethod = new Map()));
    let found = ofMethod.get(statusCode);
    if (!found) {
      const labels = `method="${labelValue(method)}",route="${labelValue(route)}",status_code="${statusCode}"`;
      found = { labels, count: 0, sum: 0, buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0) };
      ofMethod.set(statusCode, found);
      seen.push(found);
    }
    return found;
  }

  return {
    record(method: string, route: string, statusCode: number, seconds: number) {
      const counted = seriesOf(method, route, statusCode);
      counted.count += 1;
      counted.sum += seconds;
      let bucket = 0;
      while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
      counted.buckets[bucket]! += 1;
    },

    /** Both metrics in the text format, separated and ended as a registry's text. */
    text(): string {
      const counter = [`# HELP ${COUNTER.name} ${COUNTER.help}`, `# TYPE ${COUNTER.name} counter`];
      const histogram = [`# HELP ${HISTOGRAM.name} ${HISTOGRAM.help}`, `# TYPE ${HISTOGRAM.name} histogram`];
      for (const { labels, count, sum, buckets } of seen) {
        counter.push(`${COUNTER.name}{${labels}} ${count}`);
        let below = 0;
        DURATION_BUCKETS.forEach((bound, index) => {
          below += buckets[index]!;
          histogram.push(`${HISTOGRAM.name}_bucket{le="${bound}",${labels}} ${below}`);
        });
        histogram.push(
          `${HISTOGRAM.name}_bucket{le="+Inf",${labels}} ${count}`,
          `${HISTOGRAM.name}_sum{${labels}} ${sum}`,
          `${HISTOGRAM.name}_count{${labels}} ${count}`,
        );
      }
      return `${counter.join('\n')}\n\n${histogram.join('\n')}\n`;
    },
  };
}
