import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';

/** Turns Fastify's request into a Fetch `Request`, lets React Router answer it, and streams the answer back. */
export function reactRouterHandler(
  build: ServerBuild,
  mode: string,
  contextOf: (request: FastifyRequest, reply: FastifyReply) => AppLoadContext,
) {
  const handle = createRequestHandler(build, mode);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await handle(toFetchRequest(request, reply), contextOf(request, reply));
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
  };
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
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
