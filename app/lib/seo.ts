import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'PracticePass';

interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. `/exams`. */
  path: string;
  origin: string;
  noindex?: boolean;
}

/** Title, description, canonical link and Open Graph tags of a page. */
export function pageMeta({ title, description, path, origin, noindex }: PageMeta): MetaDescriptor[] {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const url = `${origin}${path}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

/** The origin the root loader reports, for routes whose meta needs absolute URLs. */
export function originOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root')?.data as { origin?: string } | undefined;
  return root?.origin ?? '';
}

/**
 * How long the sitemap and robots.txt may be kept, and by whom. Their addresses come from the store's
 * origin: with `PUBLIC_URL` set it is the same for everyone, and any cache may keep them for a while (the
 * sitemap for less, as imports change it); read off the request (no `PUBLIC_URL`), a shared cache could
 * hand one Host's addresses to another, so only the browser keeps them, asking again each time.
 */
export function crawlerCacheControl({ originFixed }: { originFixed: boolean }, maxAgeSeconds = 3600): string {
  return originFixed ? `public, max-age=${maxAgeSeconds}` : 'private, no-cache';
}
