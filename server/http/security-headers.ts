import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** An answer's nonces: the page's inline scripts and its stylesheet carry them, and they work for it alone. */
export interface CspNonces {
  script: string;
  style: string;
}

declare module 'fastify' {
  interface FastifyReply {
    cspNonce: CspNonces;
  }
}

export const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The store's policy: its own files only, and inline code only with the answer's nonce. */
const STORE_DIRECTIVES = {
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
};

/** The store's headers besides the policy. */
const STORE_HEADERS: HelmetOptions = {
  // Browsers ignore HSTS over plain HTTP; behind HTTPS it keeps them on HTTPS.
  strictTransportSecurity: { maxAge: YEAR_SECONDS, includeSubDomains: true },
  // The same answer as frame-ancestors 'none', for browsers that only know the older header.
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  // Other sites get no referrer; this site keeps it, so browsers send Origin with its own form posts.
  referrerPolicy: { policy: 'same-origin' },
  // Google sign-in opens in a popup that must be able to tell this window it is done.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

/**
 * Helmet's security headers on every answer, with a content security policy whose scripts and styles are
 * this site's files and inline code carrying the answer's own nonces, and whose forms lead to this site or
 * to the payment provider's pages (`formTargets`). Helmet is set up once: the nonces
 * reach the policy through its function directives, so an answer costs two random values and the headers,
 * not a new helmet (which cost about 60 µs a request, a tenth of an answer to a question; decision 0017).
 * Registered on the root instance, after anything that answers from memory with headers of its own.
 */
export function registerSecurityHeaders(app: FastifyInstance, formTargets: readonly string[] = []) {
  const nonces = new WeakMap<ServerResponse, CspNonces>();
  const nonce = (kind: keyof CspNonces) => (_request: IncomingMessage, response: ServerResponse) =>
    `'nonce-${nonces.get(response)![kind]}'`;
  const apply = helmet({
    ...STORE_HEADERS,
    contentSecurityPolicy: {
      directives: {
        ...STORE_DIRECTIVES,
        scriptSrc: [...STORE_DIRECTIVES.scriptSrc, nonce('script')],
        styleSrc: [...STORE_DIRECTIVES.styleSrc, nonce('style')],
        formAction: [...STORE_DIRECTIVES.formAction, ...formTargets],
      },
    },
  });

  app.decorateReply('cspNonce', null as unknown as CspNonces);
  app.addHook('onRequest', (request, reply, done) => {
    const hex = randomBytes(32).toString('hex');
    const answerNonces: CspNonces = { script: hex.slice(0, 32), style: hex.slice(32) };
    reply.cspNonce = answerNonces;
    nonces.set(reply.raw, answerNonces);
    apply(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/**
 * The same headers on an answer sent before the store's hooks run (a request refused at the door: no valid
 * host, no path, an address that cannot be read), with a policy that lets such a JSON answer load nothing.
 */
const refusalHeaders = helmet({
  ...STORE_HEADERS,
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
});

export function withRefusalHeaders(request: IncomingMessage, response: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) =>
    refusalHeaders(request, response, (error) => (error ? reject(error as Error) : resolve())),
  );
}
