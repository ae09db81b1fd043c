import { readFile } from 'node:fs/promises';
import path from 'node:path';

const LOCAL_SVG = /^\/thumbnails\/[a-z0-9-]+\.svg$/;
const MAX_BYTES = 4096;

/**
 * The page's main picture as a data URI, when it is one of the store's own small SVG thumbnails: it then
 * paints with the page itself instead of waiting for a request of its own on a slow phone connection.
 * Anything else (a large file, another site's picture, a missing file) stays a plain address.
 */
export function createThumbnailInliner(publicDir: string) {
  const cache = new Map<string, string | null>();
  return async (thumbnail: string | null): Promise<string | null> => {
    if (!thumbnail || !LOCAL_SVG.test(thumbnail)) return thumbnail;
    if (!cache.has(thumbnail)) {
      let inlined: string | null = null;
      try {
        const svg = await readFile(path.join(publicDir, thumbnail), 'utf8');
        if (Buffer.byteLength(svg) <= MAX_BYTES) {
          const escaped = svg
            .replace(/\s+/g, ' ')
            .replace(/"/g, "'")
            .replace(/[%#<>{}]/g, (c) => encodeURIComponent(c));
          inlined = `data:image/svg+xml,${escaped}`;
        }
      } catch {
        inlined = null;
      }
      cache.set(thumbnail, inlined);
    }
    return cache.get(thumbnail) ?? thumbnail;
  };
}
