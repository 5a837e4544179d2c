import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { httpRequestMetrics } from './http-metrics';

type Request = [method: string, route: string, statusCode: number, seconds: number];

/** What prom-client's own Counter and Histogram write for the same requests. */
async function promClientText(requests: Request[]) {
  const registers = [new Registry()];
  const labelNames = ['method', 'route', 'status_code'] as const;
  const counter = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers,
  });
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code',
    labelNames,
    registers,
  });
  for (const [method, route, statusCode, seconds] of requests) {
    const labels = { method, route, status_code: statusCode };
    counter.inc(labels);
    histogram.observe(labels, seconds);
  }
  return registers[0]!.metrics();
}

describe('httpRequestMetrics', () => {
  it('writes the request counter and duration histogram as prom-client does, every request counted', async () => {
    const requests: Request[] = [
      ['GET', '/common-server/health', 200, 0.0004],
      ['GET', '/common-server/health', 200, 0.005],
      ['GET', '/common-server/health', 200, 0.03],
      ['POST', '/common-server/login', 401, 0.2],
      ['GET', 'unmatched', 404, 12],
      ['GET', '/common-server/odd "route"\\x', 200, 0.001],
      ['GET', '/common-server/health', 503, 2.5],
    ];
    const metrics = httpRequestMetrics();
    for (const request of requests) metrics.record(...request);
    expect(metrics.text()).toBe(await promClientText(requests));
  });

  it('writes the two metrics without series before any request', async () => {
    expect(httpRequestMetrics().text()).toBe(await promClientText([]));
  });
});
