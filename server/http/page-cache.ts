import type { FastifyReply, FastifyRequest } from 'fastify';
import { RecentlyUsed } from '../lib/recently-used.ts';
import { TEST_FILTERS, TEST_SORTS } from '../../shared/progress.ts';
import { compress, compressSmallest, pageHeaders, sendBody, sendPage, type Encoding } from './page-body.ts';

/**
 * Anonymous public pages (home, the catalogue and its searches, an exam's details and practice tests)
 * are the same for every visitor, so each is rendered once and served from memory for a short while.
 *
 * A request carrying the session or flash cookie, and anything but GET, is never served from here and
 * never stored. A stored page is replayed with the headers it was sent with, its Content-Security-Policy
 * included, so the nonce in the policy is the nonce in the page (decision 0012). The cache empties when the
 * catalogue's version changes (a content import, from any process), checked at most once per interval.
 */
export interface PageCacheOptions {
  /** How long a page is served from memory, in milliseconds. */
  ttlMs: number;
  /** How many pages are kept at most; the least recently used goes first. */
  maxEntries: number;
  /** The catalogue's current version; a change empties the cache. */
  version: () => Promise<number>;
  /** The public origin a request is answered for (canonical links differ per origin). */
  originOf: (request: FastifyRequest) => string;
  /** How often, at most, the version is read (milliseconds). */
  versionCheckMs?: number;
  now?: () => number;
}

export interface RenderedPage {
  response: Response;
  /** True when the page was rendered for nobody in particular (no signed-in user). */
  anonymous: boolean;
}

interface StoredPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  encoded: Map<Encoding, Promise<Buffer>>;
  /** Encodings already being made, or made, at the smallest settings. */
  smallest: Set<Encoding>;
  expiresAt: number;
}

/**
 * The pages that look the same to every signed-out visitor (and their client-navigation data, `.data`),
 * each with the query parameters it reads and the values it takes. An address with any other parameter,
 * or another value, is rendered and not kept: made-up query strings cannot push the pages visitors ask
 * for out of memory. React Router's own `_routes` and `index` come with `.data` requests.
 */
const ROUTES_PARAM = /^[\w/.,-]{1,200}$/;
const DATA_PARAMS = { _routes: ROUTES_PARAM, index: /^$/ };
const oneOf = (values: readonly string[]) => new RegExp(`^(?:${values.join('|')})$`);
const PUBLIC_PAGES: [path: RegExp, params: Record<string, RegExp>][] = [
  [/^\/(?:_root\.data)?$/, DATA_PARAMS],
  [/^\/exams(?:\.data)?$/, { ...DATA_PARAMS, q: /^[^]{0,100}$/, page: /^[1-9]\d{0,5}$/ }],
  [/^\/exams\/[^/]+$/, { ...DATA_PARAMS, tab: /^[a-z-]{1,20}$/ }],
  [
    /^\/exam\/[^/]+\/practice-tests(?:\.data)?$/,
    { ...DATA_PARAMS, filter: oneOf(TEST_FILTERS), sort: oneOf(TEST_SORTS) },
  ],
];
/**
 * The session cookie (with its `__Secure-` prefix behind HTTPS) and the one-time message cookie, named
 * anywhere in the header: a cookie the session's reader would find (spaces around its name included) is
 * never missed here.
 */
const PERSONAL_COOKIE = /session_token|pp_flash/;
const MAX_BODY_BYTES = 1024 * 1024;
/** Not replayed: they belong to one response, or are recomputed for each. */
const OWN_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'date']);

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const checkEvery = options.versionCheckMs ?? 1000;
  const pages = new RecentlyUsed<string, StoredPage>(options.maxEntries);
  let known: number | null = null;
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;
  // Rises whenever the cache is emptied: a page rendered before that is not stored after it.
  let generation = 0;

  function clear() {
    pages.clear();
    generation++;
  }

  /** Empties the cache if the catalogue changed since the last look; looks at most once per interval. */
  async function checkVersion() {
    if (now() - checkedAt < checkEvery) return;
    checking ??= options
      .version()
      .then((version) => {
        if (version !== known) clear();
        known = version;
        checkedAt = now();
      })
      .finally(() => {
        checking = null;
      });
    await checking;
  }

  function keyOf(request: FastifyRequest): string | null {
    if (request.method !== 'GET') return null;
    const cookie = request.headers.cookie;
    if (cookie && PERSONAL_COOKIE.test(cookie)) return null;
    if (!isPublicPage(request.url)) return null;
    return `${options.originOf(request)}${request.url}`;
  }

  function lookup(key: string): StoredPage | null {
    const page = pages.get(key);
    if (!page) return null;
    if (page.expiresAt > now()) return page;
    pages.delete(key);
    return null;
  }

  function store(key: string, page: StoredPage, renderedIn: number) {
    if (renderedIn !== generation) return;
    pages.set(key, page);
  }

  /**
   * The stored page for this request, if it may have one and there is one. While the catalogue's version
   * cannot be read (the database is down), nothing is served from the cache: the page is rendered, and
   * answers for itself.
   */
  async function stored(key: string | null): Promise<StoredPage | null> {
    if (!key) return null;
    try {
      await checkVersion();
    } catch {
      return null;
    }
    return lookup(key);
  }

  return {
    /**
     * An `onRequest` hook, registered before the security headers: a stored page is answered from here
     * with the headers it was first sent with, so no fresh nonce is made for it.
     */
    async onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const page = await stored(keyOf(request));
      if (page) await replay(request, reply, page, 'hit');
    },

    /** The page handler's answer: a stored page, or the page rendered now and kept when it may be. */
    async serve(
      request: FastifyRequest,
      reply: FastifyReply,
      render: () => Promise<RenderedPage>,
    ): Promise<FastifyReply> {
      const key = keyOf(request);
      const page = await stored(key);
      if (page) return replay(request, reply, page, 'hit');
      const renderedIn = generation;
      const { response, anonymous } = await render();
      if (!key || !anonymous || !storable(response)) return sendPage(request, reply, response, !anonymous);
      pageHeaders(reply);
      const headers = new Map<string, string>();
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (typeof value === 'string' || typeof value === 'number') headers.set(name.toLowerCase(), String(value));
      }
      for (const [name, value] of response.headers) headers.set(name, value);
      const body = Buffer.from(await response.arrayBuffer());
      const fresh: StoredPage = {
        status: response.status,
        headers: [...headers].filter(([name]) => !OWN_HEADERS.has(name)),
        body,
        encoded: new Map(),
        smallest: new Set(),
        expiresAt: now() + options.ttlMs,
      };
      if (body.length <= MAX_BODY_BYTES) store(key, fresh, renderedIn);
      return replay(request, reply, fresh, 'miss');
    },

    clear,
    get size() {
      return pages.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Whether an address is a public page asked for with only the parameters it reads, once each. */
function isPublicPage(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const allowed = PUBLIC_PAGES.find(([pattern]) => pattern.test(path))?.[1];
  if (!allowed) return false;
  if (query === -1) return true;
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(url.slice(query + 1))) {
    if (seen.has(name) || !Object.hasOwn(allowed, name) || !allowed[name]!.test(value)) return false;
    seen.add(name);
  }
  return true;
}

/** Only a plain, complete, cookie-free success is kept; a page that sets its own caching rules is not. */
function storable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    !response.headers.has('set-cookie') &&
    !response.headers.has('cache-control')
  );
}

/** Whether a smallest encoding is being made: the slow compression takes one core at most. */
let makingSmallest = false;

async function replay(request: FastifyRequest, reply: FastifyReply, page: StoredPage, outcome: 'hit' | 'miss') {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('x-page-cache', outcome);
  return sendBody(request, reply, page.body, (encoding) => {
    let encoded = page.encoded.get(encoding);
    if (!encoded) {
      encoded = compress[encoding](page.body);
      page.encoded.set(encoding, encoded);
    } else if (outcome === 'hit' && !page.smallest.has(encoding) && !makingSmallest) {
      // A page asked for again is likely to be asked for more: its later visitors get the smallest
      // encoding, made off the request path, one page at a time (a page asked for while another is being
      // made waits for a later visit). A page read once (a crawler walking the catalogue) costs none.
      page.smallest.add(encoding);
      makingSmallest = true;
      void encoded
        .then(() => compressSmallest[encoding](page.body))
        .then((smaller) => page.encoded.set(encoding, Promise.resolve(smaller)))
        .catch(() => undefined) // the quick encoding stays
        .finally(() => {
          makingSmallest = false;
        });
    }
    return encoded;
  });
}
