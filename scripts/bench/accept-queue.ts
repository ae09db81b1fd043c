/**
 * How a saturated Node.js server takes on new connections: a bare Fastify route that spends as much CPU as a
 * signed-in page (7 ms by default), 100 connections opened at once, back to back for 10 s. Each connection's
 * first answer is reported apart from the rest: under saturation the kernel completes every connection,
 * but in some runs the event loop takes them from its queue a few at a time, so the multi-second maxima of
 * the `http` benchmark's signed-in runs are first answers, not slow requests. Run it a few times.
 *
 *   npm run bench -- accept [busy ms]
 */
import autocannon from 'autocannon';
import { ms, percentile } from './stats.ts';
import { startCeiling } from './store-process.ts';

const CONNECTIONS = 100;
const PORT = 3452;
const SECONDS = 10;

export async function benchAcceptQueue(busyMs: number) {
  const server = await startCeiling(PORT, { BUSY_MS: String(busyMs) });
  try {
    const seen = new Set<object>();
    const first: number[] = [];
    const later: number[] = [];
    let run!: autocannon.Instance;
    const finished = new Promise<autocannon.Result>((resolve, reject) => {
      // A timeout above the run's length: a connection is never dropped and sent again, so its first
      // answer is timed from its first request.
      const options = { url: server.origin, connections: CONNECTIONS, duration: SECONDS, timeout: SECONDS * 3 };
      run = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    });
    run.on('response', (client: object, _status: number, _bytes: number, latency: number) => {
      if (seen.has(client)) later.push(latency);
      else {
        seen.add(client);
        first.push(latency);
      }
    });
    const result = await finished;
    const line = (what: string, values: number[]) =>
      `| ${what} | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} | ${ms(Math.max(...values))} |`;
    console.log(
      `\nA bare Fastify route spending ${busyMs} ms of CPU per request, ${CONNECTIONS} connections, ${SECONDS} s: ` +
        `${result.requests.average.toFixed(0)} req/s\n`,
    );
    console.log('| answers | count | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|');
    console.log(line("each connection's first", first));
    console.log(line('every later one', later));
    console.log(
      `\nConnections with no answer in the ${SECONDS} s: ${CONNECTIONS - first.length}; ` +
        `errors ${result.errors}, timeouts ${result.timeouts}, answers other than 2xx ${result.non2xx}`,
    );
    if (result.errors > 0 || result.non2xx > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
