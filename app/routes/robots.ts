import type { Route } from './+types/robots';
import { crawlerCacheControl } from '../lib/seo.ts';

/**
 * Private pages are not crawled; everything public is listed in the sitemap. Sign-in and registration are
 * crawled but marked `noindex`: every page links to them, and a page robots.txt shuts out can still be
 * listed by its address alone, since its `noindex` is never read.
 */
const privatePaths = ['/cart', '/checkout', '/dashboard', '/history', '/purchased', '/order', '/payment', '/thank-you'];

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    ...privatePaths.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${context.origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': crawlerCacheControl(context) },
  });
}
