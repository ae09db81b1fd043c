import { describe, expect, it } from 'vitest';
import { loader as robotsLoader } from './robots.ts';
import { loader as sitemapLoader } from './sitemap.ts';

/** What a crawler reads: the addresses come from the store's origin, and so does who may keep them. */
function args(originFixed: boolean) {
  const sitemapEntries = () => Promise.resolve([{ id: 'pmp', updated_at: '2026-11-30T10:00:00.000Z' }]);
  const context = { origin: 'https://store.test', originFixed, services: { catalogue: { sitemapEntries } } };
  return { request: new Request('https://store.test/sitemap.xml'), context, params: {} } as never;
}

describe('the sitemap and robots.txt', () => {
  it('may be kept by any cache when the origin is the configured one; the sitemap for less, as imports change it', async () => {
    const sitemap = await sitemapLoader(args(true));
    expect(sitemap.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await sitemap.text()).toContain(
      '<url><loc>https://store.test/exams/pmp</loc><lastmod>2026-11-30</lastmod></url>',
    );
    const robots = robotsLoader(args(true));
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await robots.text()).toContain('Sitemap: https://store.test/sitemap.xml');
  });

  it('are kept by no shared cache when the origin is read off the request, which another Host changes', async () => {
    expect((await sitemapLoader(args(false))).headers.get('cache-control')).toBe('private, no-cache');
    expect(robotsLoader(args(false)).headers.get('cache-control')).toBe('private, no-cache');
  });
});
