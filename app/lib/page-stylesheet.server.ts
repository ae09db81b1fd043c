/**
 * The stylesheet a page carries inside itself: every rule of the built stylesheet except the utility rules
 * for classes the page's HTML does not use (decision 0011). A page uses about a third of the utilities, so
 * the page is smaller and the browser has fewer rules to match before its first paint. The whole stylesheet
 * is loaded as a file after hydration, for what the browser renders itself.
 */

/** A rule of the utilities layer, kept when one of its classes is on the page (or when it names none). */
type Rule = { text: string; classes: string[] };
/** `@media …{…}` and the like inside the utilities layer: kept when one of its rules is. */
type Group = { open: string; parts: Part[] };
type Part = Rule | Group;
/** The stylesheet's top-level statements: verbatim text, or the utilities layer to choose from. */
type Piece = string | Group;

const UTILITIES = /^\s*@layer\s+utilities\s*\{/;
const GROUP_RULES = /^\s*@(media|supports|container|layer|starting-style)\b/;
const CLASS_TOKEN = /\.(-?(?:[\w-]|[\u{80}-\u{10FFFF}]|\\(?:[0-9a-fA-F]{1,6}\s?|[^\n0-9a-fA-F]))+)/gu;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
const CACHED_PAGES = 256;

/** Statements at depth 0 of a run of CSS (`x{…}` or `@x …;`), with the offset of each one's first `{`. */
function statements(css: string): { text: string; open: number }[] {
  const found: { text: string; open: number }[] = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") i = endOfString(css, i);
    else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '{') {
      if (depth++ === 0) open = i - start;
    } else if (c === '}' && --depth === 0) {
      found.push({ text: css.slice(start, i + 1), open });
      start = i + 1;
    } else if (c === ';' && depth === 0) {
      found.push({ text: css.slice(start, i + 1), open: -1 });
      start = i + 1;
    }
  }
  if (start < css.length) found.push({ text: css.slice(start), open: -1 });
  return found;
}

function endOfString(css: string, quote: number): number {
  for (let i = quote + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === css[quote]) return i;
  }
  return css.length;
}

function unescapeIdentifier(token: string): string {
  return token.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex?: string, char?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

/**
 * The classes a selector needs, any one of which puts its rule on the page. A rule that matches elements
 * *without* a class (`:not(.x)`) or names none at all is always kept.
 */
function classesOf(selector: string): string[] {
  const bare = selector.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
  if (/:not\([^)]*\./.test(bare)) return [];
  return Array.from(bare.matchAll(CLASS_TOKEN), (m) => unescapeIdentifier(m[1]!));
}

function partsOf(css: string): Part[] {
  return statements(css).map(({ text, open }) => {
    if (open < 0) return { text, classes: [] };
    const prelude = text.slice(0, open);
    if (GROUP_RULES.test(prelude)) return { open: text.slice(0, open + 1), parts: partsOf(text.slice(open + 1, -1)) };
    if (prelude.trimStart().startsWith('@')) return { text, classes: [] };
    return { text, classes: classesOf(prelude) };
  });
}

function render(parts: Part[], onPage: Set<string>): string {
  let kept = '';
  for (const part of parts) {
    if ('parts' in part) {
      const inner = render(part.parts, onPage);
      if (inner) kept += `${part.open}${inner}}`;
    } else if (part.classes.length === 0 || part.classes.some((name) => onPage.has(name))) {
      kept += part.text;
    }
  }
  return kept;
}

/** Every class named in the page's HTML `class` attributes. */
export function classesInPage(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of value!.replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e]!).split(/\s+/)) {
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * Reads the built stylesheet once and returns the function that gives a page its stylesheet. Pages with the
 * same classes (every exam's details page, say) share one result.
 */
export function pageStylesheet(css: string): (html: string) => string {
  const pieces: Piece[] = statements(css).map(({ text, open }) =>
    UTILITIES.test(text) ? { open: text.slice(0, open + 1), parts: partsOf(text.slice(open + 1, -1)) } : text,
  );
  const made = new Map<string, string>();
  return (html) => {
    const onPage = classesInPage(html);
    const key = [...onPage].sort().join(' ');
    let style = made.get(key);
    if (style === undefined) {
      style = pieces.map((piece) => (typeof piece === 'string' ? piece : render([piece], onPage))).join('');
      if (made.size >= CACHED_PAGES) made.clear();
      made.set(key, style);
    }
    return style;
  };
}
