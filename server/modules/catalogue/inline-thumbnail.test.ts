import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createThumbnailInliner } from './inline-thumbnail.ts';

describe('inlining the main thumbnail', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'thumbs-'));
  mkdirSync(path.join(dir, 'thumbnails'));
  writeFileSync(
    path.join(dir, 'thumbnails', 'small.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9">\n  <rect fill="#123456" width="16" height="9"/>\n</svg>',
  );
  writeFileSync(path.join(dir, 'thumbnails', 'large.svg'), `<svg>${' '.repeat(5000)}x</svg>`);
  const inline = createThumbnailInliner(dir);

  it('turns a small local SVG into a data URI that decodes back to the same picture', async () => {
    const uri = await inline('/thumbnails/small.svg');
    expect(uri).toBe(
      "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 9'%3E %3Crect fill='%23123456' width='16' height='9'/%3E %3C/svg%3E",
    );
    expect(decodeURIComponent(uri!.slice('data:image/svg+xml,'.length))).toContain("fill='#123456'");
  });

  it('leaves large files, missing files, other sites and odd paths as they are', async () => {
    expect(await inline('/thumbnails/large.svg')).toBe('/thumbnails/large.svg');
    expect(await inline('/thumbnails/missing.svg')).toBe('/thumbnails/missing.svg');
    expect(await inline('https://cdn.example.com/a.svg')).toBe('https://cdn.example.com/a.svg');
    expect(await inline('/thumbnails/../../etc/passwd.svg')).toBe('/thumbnails/../../etc/passwd.svg');
    expect(await inline(null)).toBeNull();
  });
});
