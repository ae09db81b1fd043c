import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { DatabaseHandle } from '../db/database.ts';
import { createServices } from '../services.ts';
import { reactRouterHandler } from './react-router-bridge.ts';

export interface AppOptions {
  database: DatabaseHandle;
  /** React Router's server build; without it only the HTTP endpoints of this file are served. */
  build?: ServerBuild;
  /** Folder of the browser build (hashed assets and the public folder). */
  clientDir?: string;
  publicUrl?: string;
  mode?: 'production' | 'development' | 'test';
  logger?: FastifyServerOptions['logger'];
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The whole store as a Fastify app that does not listen: `server/main.ts` listens, tests inject. */
export async function buildApp(options: AppOptions) {
  const { database, build, clientDir, publicUrl, mode = 'production' } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // The catalogue's ids are short, but a long wildcard path must reach the page's own 404.
    routerOptions: { maxParamLength: 2000 },
    return503OnClosing: true,
  });
  const services = createServices(database);

  app.addHook('onClose', () => database.close());

  await app.register(fastifyHelmet, {
    enableCSPNonces: true,
    // Browsers ignore HSTS over plain HTTP; behind HTTPS it keeps them on HTTPS.
    strictTransportSecurity: { maxAge: YEAR_SECONDS, includeSubDomains: true },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  if (clientDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(clientDir),
      wildcard: false,
      index: false,
      // Our own Cache-Control below, per kind of file.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600');
      },
    });
  }

  app.get('/healthz', async (_request, reply) => {
    const ok = await database.ping();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: database.engine });
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // 5xx details stay in the log; the visitor gets a plain sentence.
    return reply
      .status(status)
      .send({ error: status >= 500 ? 'Something went wrong. Please try again.' : error.message });
  });

  if (build) {
    await app.register(async (pages) => {
      // Pages and their form posts reach React Router untouched.
      pages.removeAllContentTypeParsers();
      pages.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      const handler = reactRouterHandler(build, mode, (request, reply) => ({
        services,
        nonce: reply.cspNonce.script,
        origin: publicUrl ?? `${request.protocol}://${request.host}`,
      }));
      pages.all('/*', handler);
      pages.all('/', handler);
    });
  }

  return app;
}
