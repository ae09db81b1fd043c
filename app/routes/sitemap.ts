import type { Route } from './+types/sitemap';
import { crawlerCacheControl } from '../lib/seo.ts';

const staticPaths = ['/', '/exams', '/contact'];

export async function loader({ context }: Route.LoaderArgs) {
  const entries = await context.services.catalogue.sitemapEntries();
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(context.origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...staticPaths.map((p) => url(p)),
    ...entries.flatMap((e) => [url(`/exams/${e.id}`, e.updated_at), url(`/exam/${e.id}/practice-tests`, e.updated_at)]),
    '</urlset>',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': crawlerCacheControl(context, 600) },
  });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
