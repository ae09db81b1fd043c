import type { Route } from './+types/robots';

/** Private pages are kept out of search results; everything public is listed in the sitemap. */
const privatePaths = [
  '/cart',
  '/checkout',
  '/dashboard',
  '/history',
  '/purchased',
  '/order',
  '/payment',
  '/thank-you',
  '/login',
  '/register',
];

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    ...privatePaths.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${context.origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
