import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { DatabaseHandle } from '../db/database.ts';
import { CLIENT_IP_HEADER } from '../modules/accounts/auth.ts';
import { offeredAuthRequest } from '../modules/accounts/auth-requests.ts';
import { registerAttemptsEndpoint } from './attempts-endpoint.ts';
import { sendFetchResponse, toFetchRequest } from './fetch-bridge.ts';
import { claimKeptTests, keptTestsCookies } from './kept-tests.ts';
import type { Services } from './load-context.ts';
import { sendPage } from './page-body.ts';
import { OPENAPI_PATH, openApiText } from './openapi.ts';
import { createPageCache, type RenderedPage } from './page-cache.ts';
import { registerPaymentWebhook } from './payment-webhook.ts';
import { RequestLog } from './request-log.ts';
import { registerSecurityHeaders, withRefusalHeaders, YEAR_SECONDS } from './security-headers.ts';
import { holdsNul, NUL_REFUSED, NUL_REFUSED_PAGE } from './nul-characters.ts';
import { ADDRESS_REFUSED, HOST_REFUSED, TARGET_REFUSED, isValidHost } from './request-target.ts';
import { FALLBACK, methodRefused, PAGE_METHODS, withErrorSentence } from './refusals.ts';

export interface AppOptions {
  database: DatabaseHandle;
  services: Services;
  /** React Router's server build; without it only the HTTP endpoints of this file are served. */
  build?: ServerBuild;
  /** Folder of the browser build (hashed assets and the public folder). */
  clientDir?: string;
  publicUrl?: string;
  /** The address the contact page gives; a placeholder that reaches nobody when unset. */
  supportEmail?: string;
  mode?: 'production' | 'development' | 'test';
  logger?: FastifyServerOptions['logger'];
  /** Proxy hops whose X-Forwarded-* headers are believed; 0 trusts none. */
  trustProxy?: number;
  /** Seconds an anonymous public page is served from memory (`server/http/page-cache.ts`); 0 or unset: never. */
  pageCacheSeconds?: number;
}

/** The contact page's address when none is configured: a reserved domain, for development. */
export const DEFAULT_SUPPORT_EMAIL = 'support@practicepass.example';

/** How many pages the page cache keeps at most. */
const PAGE_CACHE_ENTRIES = 200;

/** The whole store as a Fastify app that does not listen: `server/main.ts` listens, tests inject. */
export async function buildApp(options: AppOptions) {
  const { database, services, build, clientDir, publicUrl, mode = 'production' } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new RequestLog(),
    trustProxy: (_address: string, hop: number) => hop < (options.trustProxy ?? 0),
    bodyLimit: 1024 * 1024,
    // The catalogue's ids are short, but a long wildcard path must reach the page's own 404.
    routerOptions: { maxParamLength: 2000 },
    return503OnClosing: true,
    // An address the router cannot read gets the store's headers and a sentence, not Fastify's echo of it.
    frameworkErrors: (_error, request: FastifyRequest, reply: FastifyReply) => {
      void withRefusalHeaders(request.raw, reply.raw).then(() => reply.status(400).send(ADDRESS_REFUSED));
    },
  });

  app.addHook('onClose', () => database.close());

  const originOf = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;
  const keptTestsOfOrigin = keptTestsCookies(services.cookieSecret);
  const keptTests = (request: FastifyRequest) => keptTestsOfOrigin(originOf(request));
  const pageCache =
    build && options.pageCacheSeconds
      ? createPageCache({
          ttlMs: options.pageCacheSeconds * 1000,
          maxEntries: PAGE_CACHE_ENTRIES,
          version: services.catalogue.version,
          originOf,
        })
      : null;
  // First of all: a host that is not a name or an address (`x/login?`) would change the page rendered, and
  // so would a request target that is not a path (`GET http://x/exams`, `OPTIONS *`), joined to the origin.
  app.addHook('onRequest', async (request, reply) => {
    const refusal = !isValidHost(request.host) ? HOST_REFUSED : !request.url.startsWith('/') ? TARGET_REFUSED : null;
    if (!refusal) return;
    await withRefusalHeaders(request.raw, reply.raw);
    return reply.status(400).send(refusal);
  });
  // Before the security headers: a stored page carries the ones it was first sent with (decision 0012).
  if (pageCache) app.addHook('onRequest', pageCache.onRequest);

  registerSecurityHeaders(app, services.paymentPageOrigins);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  if (clientDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(clientDir),
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of text assets (scripts/compress-assets.ts); sent when accepted.
      preCompressed: true,
      // Our own Cache-Control below, per kind of file.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600');
      },
    });
  }

  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(openApiText()),
  );

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

  // The client's address as this server sees it; whatever a client claims in this header is replaced.
  const clientHeaders = (request: FastifyRequest) => ({ [CLIENT_IP_HEADER]: request.ip });
  /** A body these routes keep as bytes, read as JSON; null when it is not JSON. */
  const jsonBody = (body: unknown): unknown => {
    try {
      return Buffer.isBuffer(body) ? JSON.parse(new TextDecoder().decode(body)) : null;
    } catch {
      return null;
    }
  };

  await registerPaymentWebhook(app, services);

  await app.register(async (fetchRoutes) => {
    // Pages, their form posts and the sign-in API reach their Fetch handlers untouched.
    fetchRoutes.removeAllContentTypeParsers();
    fetchRoutes.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    fetchRoutes.all('/api/auth/*', async (request, reply) => {
      const path = new URL(request.url, 'http://store.invalid').pathname.slice('/api/auth'.length);
      if (!offeredAuthRequest(request.method, path)) {
        return reply.status(404).send({ error: FALLBACK[404] });
      }
      const response = await services.accounts.handler(
        toFetchRequest(request, reply, originOf(request), clientHeaders(request)),
      );
      const spoken = await services.accounts.inOurWords(path, jsonBody(request.body), response);
      return sendFetchResponse(reply, await withErrorSentence(spoken));
    });

    fetchRoutes.addHook('preHandler', async (request, reply) => {
      if (!holdsNul(request.url, request.headers['content-type'], request.body)) return;
      const page =
        (request.method === 'GET' || request.method === 'HEAD') && request.headers.accept?.includes('text/html');
      if (page) return reply.status(400).type('text/html; charset=utf-8').send(NUL_REFUSED_PAGE);
      return reply.status(400).send(NUL_REFUSED);
    });

    // A page's form (or the test page's JSON) may only be posted from this site: browsers send Origin with
    // every POST, and this site's pages ask for it (`Referrer-Policy: same-origin`). A hidden origin
    // (`null`: a sandboxed frame, a redirect from elsewhere) is not taken for this site's.
    fetchRoutes.addHook('preHandler', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.url.startsWith('/api/auth/')) return;
      const origin = request.headers.origin;
      const crossSite = origin ? origin !== originOf(request) : request.headers['sec-fetch-site'] === 'cross-site';
      if (crossSite) return reply.status(403).send({ error: 'Requests from other sites are not accepted.' });
    });

    registerAttemptsEndpoint(fetchRoutes, services, keptTests);

    if (build) {
      const handle = createRequestHandler(build, mode);
      const render = async (request: FastifyRequest, reply: FastifyReply): Promise<RenderedPage> => {
        const fetchRequest = toFetchRequest(request, reply, originOf(request));
        const client = { ip: request.ip, cookie: request.headers.cookie ?? null };
        const renewed: string[] = [];
        const user = request.headers.cookie
          ? await services.accounts.currentUser(fetchRequest.headers, (cookies) => renewed.push(...cookies))
          : null;
        // Before any loader runs: a student who has just signed in sees the free tests they took signed out.
        const keptCookie = keptTests(request);
        const cleared = user && (await claimKeptTests(keptCookie, request.headers.cookie, user, services.practice));
        if (cleared) renewed.push(cleared);
        const response = await handle(fetchRequest, {
          services,
          user,
          keptTests: async () => (user ? [] : keptCookie.read(request.headers.cookie)),
          client,
          nonce: reply.cspNonce.script,
          styleNonce: reply.cspNonce.style,
          origin: originOf(request),
          originFixed: publicUrl !== undefined,
          supportEmail: options.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
          log: request.log,
        });
        return { response: withSessionCookies(await withErrorSentence(response), renewed), anonymous: user === null };
      };
      const pageHandler = async (request: FastifyRequest, reply: FastifyReply) => {
        if (!PAGE_METHODS.includes(request.method)) {
          return reply.status(405).header('allow', PAGE_METHODS.join(', ')).send(methodRefused(request.method));
        }
        if (pageCache) return pageCache.serve(request, reply, () => render(request, reply));
        const { response, anonymous } = await render(request, reply);
        return sendPage(request, reply, response, !anonymous);
      };
      fetchRoutes.all('/*', pageHandler);
      fetchRoutes.all('/', pageHandler);
    }
  });

  return app;
}

/**
 * The page's answer with the cookies of a session the sign-in library renewed on the way in, unless the page
 * sets those cookies itself (signing out, signing in again), whose word is the last.
 */
function withSessionCookies(response: Response, setCookies: string[]): Response {
  if (setCookies.length === 0) return response;
  const nameOf = (setCookie: string) => setCookie.slice(0, setCookie.indexOf('=')).trim();
  const own = new Set(response.headers.getSetCookie().map(nameOf));
  const headers = new Headers(response.headers);
  for (const cookie of setCookies) if (!own.has(nameOf(cookie))) headers.append('set-cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
