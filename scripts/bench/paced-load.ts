/**
 * Requests sent at an even rate over a fixed number of keep-alive connections, each timed from the moment
 * it was due rather than from when a free connection sent it: a queue in front of the server shows in the
 * figures instead of slowing the load down (a closed loop, like autocannon's, waits for each answer before
 * asking again, and its rate limit sends each second's share at once).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from './stats.ts';

export interface PacedRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface PacedResult {
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  /** Answers other than 200, and requests that failed; the latencies are of the others. */
  errors: number;
}

/** How often due requests are sent; requests due within one tick are spread by their own due times. */
const TICK_MS = 5;

export async function pacedLoad(
  origin: string,
  options: { connections: number; rate: number; seconds: number; request: (index: number) => PacedRequest },
): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(origin);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const started = performance.now();

  const send = (index: number, due: number) => {
    const { path, method = 'GET', headers, body } = options.request(index);
    const done = new Promise<void>((resolve) => {
      const request = http.request({ agent, host: url.hostname, port: url.port, path, method, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - due);
          else errors++;
          resolve();
        });
      });
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        send(sent, started + sent * interval);
        sent++;
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  await Promise.all(pending);
  agent.destroy();
  return { rate: options.rate, sent, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

/**
 * The highest of the given rates at which p99 stays under the limit: each rate is tried in turn, from the
 * lowest, until one misses. Every rate tried is returned, so the report shows how latency grows.
 */
export async function rateHoldingP99(
  origin: string,
  options: {
    connections: number;
    rates: number[];
    seconds: number;
    limitMs: number;
    request: (index: number) => PacedRequest;
  },
): Promise<{ tried: PacedResult[]; holds: number | null }> {
  const tried: PacedResult[] = [];
  let holds: number | null = null;
  for (const rate of options.rates) {
    const result = await pacedLoad(origin, { ...options, rate });
    tried.push(result);
    if (result.p99 >= options.limitMs || result.errors > 0) break;
    holds = rate;
  }
  return { tried, holds };
}
