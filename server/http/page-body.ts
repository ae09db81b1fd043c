import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How page answers (HTML documents and their client-navigation data) leave the server: whole, and
 * compressed in one pass. Pages are small (10–35 KB) and render in a few milliseconds, so streaming them
 * gains nothing, while passing a page's many small chunks through a web stream, a Node stream and a
 * compression stream cost about three times the CPU of the render itself (decision 0013).
 */

export type Encoding = 'br' | 'gzip';

/** Page answers may be kept by the visitor's browser only, and must be asked for again each time. */
export const PAGE_CACHE_CONTROL = 'private, no-cache';
/**
 * A page rendered for a signed-in student is not kept at all: on a shared computer, Back after signing out
 * would otherwise show the next person the student's orders or scores from the browser's history.
 */
export const SIGNED_IN_PAGE_CACHE_CONTROL = 'private, no-store';
const PAGE_VARY = 'Cookie, Accept-Encoding';
/** Smaller bodies are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml))/;

const brotliQuick = (body: Buffer) => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
});

export const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, brotliQuick(body)),
  gzip: (body) => promisify(gzip)(body),
};

/**
 * The same, done at once on the event loop (0.05–0.3 ms for 10–60 KB), for the test page's starts and
 * results: on the thread pool their completion waits its turn behind every request a busy server has
 * queued, which made a hand-in come back about 90 ms after an answer sent with it (decision 0017).
 */
export const compressNow: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: async (body) => brotliCompressSync(body, brotliQuick(body)),
  gzip: async (body) => gzipSync(body),
};

/**
 * The smallest encodings, for a page that is kept and sent many times (page-cache.ts): about a tenth
 * smaller than `compress`, at 20–40 times its CPU (an exam page: 15.4 → 13.8 KB, 2.6 → 92 ms, on the
 * thread pool), so never made while a visitor waits.
 */
export const compressSmallest: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: zlib.Z_BEST_COMPRESSION }),
};

/** Brotli when the client takes it, else gzip, else none (a `q=0` refuses an encoding). */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Every page answer says it depends on cookies; a page that sets its own caching rule keeps it. */
export function pageHeaders(reply: FastifyReply, signedIn = false) {
  reply.header('cache-control', signedIn ? SIGNED_IN_PAGE_CACHE_CONTROL : PAGE_CACHE_CONTROL);
  reply.header('vary', PAGE_VARY);
}

/** Sends a whole body, compressed for the client when worth it (`encoded` gives a stored encoding). */
export async function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  encoded: (encoding: Encoding) => Promise<Buffer> = (encoding) => compress[encoding](body),
) {
  const type = reply.getHeader('content-type');
  const encoding =
    body.length >= COMPRESS_FROM_BYTES && typeof type === 'string' && COMPRESSIBLE.test(type)
      ? preferredEncoding(request.headers['accept-encoding'])
      : null;
  if (!encoding) return reply.send(body);
  const compressed = await encoded(encoding);
  // Set here, the compression plugin leaves the body alone.
  reply.header('content-encoding', encoding);
  return reply.send(compressed);
}

/** A page answer from React Router, with the page headers, sent whole. */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, response: Response, signedIn: boolean) {
  pageHeaders(reply, signedIn);
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return sendBody(request, reply, Buffer.from(await response.arrayBuffer()));
}
