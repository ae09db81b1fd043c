import { gzipSync } from 'node:zlib';

/**
 * JavaScript a page makes the browser load, gzipped (level 9, as a CDN would): every module script and
 * module preload of the server-rendered HTML. Usage: npm run bench -- js http://localhost:3000 / /exams
 */
export async function pageJavaScript(
  origin: string,
  path: string,
  /** A signed-in student's session cookie, for the pages they see. */
  cookie?: string,
): Promise<{ files: number; rawBytes: number; gzipBytes: number }> {
  const html = await (await fetch(new URL(path, origin), { headers: cookie ? { cookie } : {} })).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/import\s*\(?\s*"([^"]+\.js)"/g)) sources.add(match[1]!);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const src of sources) {
    const body = Buffer.from(
      await (await fetch(new URL(src, origin), { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { files: sources.size, rawBytes, gzipBytes };
}

export async function reportPageWeight(origin: string, paths: string[]) {
  console.log('| page | files | JavaScript | gzipped |\n|---|---|---|---|');
  for (const path of paths) {
    const r = await pageJavaScript(origin, path);
    console.log(
      `| ${path} | ${r.files} | ${(r.rawBytes / 1024).toFixed(1)} KB | ${(r.gzipBytes / 1024).toFixed(1)} KB |`,
    );
  }
}
