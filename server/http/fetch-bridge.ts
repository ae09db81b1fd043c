import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify's request as a Fetch `Request`, for handlers written against the Fetch API, at `origin`: the
 * store's public address when it has one, so the page rendered is the one the page cache keys it under.
 */
export function toFetchRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  extraHeaders: Record<string, string> = {},
): Request {
  // Joined, not resolved: a path that starts with // would otherwise name a host.
  const url = new URL(`${origin}${request.url}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || Object.hasOwn(extraHeaders, name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody && { body: new Uint8Array(request.body as Buffer) }),
  });
}

/** Streams a Fetch `Response` back through Fastify, every Set-Cookie header included. */
export function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}
