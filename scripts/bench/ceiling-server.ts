/**
 * The HTTP benchmark's ceiling: Fastify with one JSON route and nothing else. With BUSY_MS, the route first
 * spends that many milliseconds of CPU, as a rendered page does (`accept-queue.ts`).
 */
import Fastify from 'fastify';

const busyMs = Number(process.env.BUSY_MS ?? 0);
const app = Fastify({ logger: false });
app.get('/', async () => {
  if (busyMs > 0) {
    const until = performance.now() + busyMs;
    while (performance.now() < until);
  }
  return { hello: 'world' };
});
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3451) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
