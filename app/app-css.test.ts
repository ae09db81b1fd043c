import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = new URL('.', import.meta.url).pathname;
const css = readFileSync(join(APP, 'app.css'), 'utf8');

/** The colour variables the dark theme gives values of its own. */
const darkBlock = /\[data-theme='dark'\]\s*\{([^}]*)\}/.exec(css)![1]!;
const remapped = new Set(Array.from(darkBlock.matchAll(/--color-([a-z]+(?:-\d+)?):/g), (m) => m[1]!));

const SCALES =
  'slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand';
/** A Tailwind colour class (`text-amber-900`, `hover:bg-red-50/50`) or a colour variable (`--color-slate-50`). */
const colourUse = new RegExp(
  String.raw`(?:\b(?:bg|text|border(?:-[trblxy])?|ring|ring-offset|outline|divide|fill|stroke|from|via|to|accent|caret|decoration|placeholder|shadow)-|--color-)((?:${SCALES})-\d+|black)\b`,
  'g',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the dark palette', () => {
  it('remaps every colour step the screens use, so none keeps its light-theme value on a dark page', () => {
    const unmapped = sourceFiles(APP).flatMap((file) =>
      Array.from(readFileSync(file, 'utf8').matchAll(colourUse), (m) => m[1]!)
        .filter((colour) => !remapped.has(colour))
        .map((colour) => `${file.slice(APP.length)}: ${colour}`),
    );
    expect(remapped.size).toBeGreaterThan(40);
    expect(unmapped).toEqual([]);
  });
});
