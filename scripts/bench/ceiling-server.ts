/** The HTTP benchmark's ceiling: Fastify with one JSON route and nothing else. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3451) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
