import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** Fails the test on any console error or uncaught exception, such as a blocked script or a hydration error. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * React has taken the page over, and its network is quiet. Until then a click does only what the browser
 * does without scripts: a button of the app's own does nothing, a link loads a whole page, and a page that
 * has already loaded can still be on its way to React. React has taken an element over once the element
 * carries its fiber: `part` is an element of a part of the page whose code comes later (`lazy`); the
 * page's main content otherwise.
 */
export async function waitForHydration(page: Page, part: Locator = page.locator('#main')) {
  // Longer than an assertion's 10 seconds: a slow link may take that long to bring the scripts.
  await expect
    .poll(() => part.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))), {
      timeout: 30_000,
    })
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

/**
 * Stops the page's time a minute on, once the page has loaded with its clock running; from then on only the
 * test moves it (`page.clock.runFor`). An installed clock otherwise also runs at the machine's own pace, and
 * on a slow machine a timer would fire before the test has looked.
 */
export async function stopTheClock(page: Page) {
  await waitForHydration(page);
  await page.clock.pauseAt(Date.now() + 60_000);
}

/**
 * Every axe rule, or only those given (such as the colour rules, for a second theme of the same page). Axe
 * runs in the page itself ("legacy mode"): by default it finishes each run in a new page of its own, which
 * takes about twice as long, and is needed only to look into frames from other origins, which the store's
 * pages have none of.
 */
export async function expectNoAxeViolations(page: Page, rules?: string[]) {
  expect(page.frames(), "a page with frames needs axe's default mode").toHaveLength(1);
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (rules ? axe.withRules(rules) : axe).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * No figure on the screen is broken across two lines: an amount with its currency, a percentage, "3 of 11",
 * "22 minutes". React writes `{n}%` as several text nodes, so each element's own text is read whole. The
 * questions, options and explanations (the text kept as written, `whitespace-pre-wrap`) are prose, which
 * wraps where it must, "within 2 days" included.
 */
export async function expectWholeFigures(page: Page) {
  const broken = await page.evaluate(() => {
    const FIGURE = /\$\d[\d,]*(?:\.\d\d)?(?: [A-Z]{3})?|\d+%|\d+ of \d+|\d+ (?:minutes|days|questions)/g;
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.classList.contains('whitespace-pre-wrap')) continue;
      const texts: { node: Text; start: number }[] = [];
      let own = '';
      for (const child of Array.from(element.childNodes)) {
        if (child.nodeType !== Node.TEXT_NODE) continue;
        texts.push({ node: child as Text, start: own.length });
        own += child.textContent;
      }
      const at = (offset: number) => {
        const text = texts.findLast((t) => t.start <= offset)!;
        return [text.node, Math.min(offset - text.start, text.node.length)] as const;
      };
      for (const match of own.matchAll(FIGURE)) {
        const range = document.createRange();
        range.setStart(...at(match.index));
        range.setEnd(...at(match.index + match[0].length));
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.bottom)),
        );
        if (lines.size > 1) found.push(`${match[0]} in ${element.tagName.toLowerCase()}.${element.className}`);
      }
    }
    return found;
  });
  expect(broken, 'figures broken across lines').toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page) {
  const { overflow, beyond } = await page.evaluate(() => {
    const root = document.documentElement;
    const beyond = Array.from(document.body.querySelectorAll('*'))
      .filter((e) => e.getBoundingClientRect().right > root.clientWidth + 0.5)
      .map((e) => `${e.tagName.toLowerCase()}.${Array.from(e.classList).join('.')}`);
    return { overflow: root.scrollWidth - root.clientWidth, beyond: beyond.slice(-3) };
  });
  expect(overflow, `wider than the screen: ${beyond.join(' | ')}`).toBeLessThanOrEqual(0);
}
