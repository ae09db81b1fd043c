import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';
import { DEMO_EXAM, DEMO_TEST, studentTest } from './support/student.ts';
import { useTheme, type Theme } from './support/themes.ts';

/**
 * A page carries only the style rules its own HTML uses (decision 0011), and the whole stylesheet arrives as
 * a file once the page runs. Each page below is opened with that file held back and looked at in both
 * themes; then the file is let in, and no element of the page may look different in either theme.
 */

test.describe.configure({ timeout: 120_000 });

const WHOLE_STYLESHEET = /\/assets\/app-[\w-]+\.css$/;

/** Each element's computed style, as `property: value` entries joined by NUL (no CSS value holds one). */
type Looks = { element: string; style: string }[];

/**
 * The computed style of every element of the page (those in an animation are left out: they keep moving).
 * Each element's comes out of the browser as one string: as an object of some 580 properties it took ten
 * times as long to come out as to be read (about 2 s a page against 0.2 s).
 */
function looksOf(page: Page): Promise<Looks> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('body, body *'))
      .filter((element) => element.getAnimations().length === 0)
      .map((element) => {
        const computed = getComputedStyle(element);
        const style = Array.from(computed, (property) => `${property}: ${computed.getPropertyValue(property)}`);
        return {
          element: `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`,
          style: style.join('\0'),
        };
      }),
  );
}

function properties(style: string): Map<string, string> {
  return new Map(
    style.split('\0').map((entry) => {
      const colon = entry.indexOf(': ');
      return [entry.slice(0, colon), entry.slice(colon + 2)];
    }),
  );
}

function differences(before: Looks, after: Looks): string[] {
  expect(after.map((e) => e.element)).toEqual(before.map((e) => e.element));
  return before.flatMap(({ element, style }, i) => {
    if (after[i]!.style === style) return [];
    const was = properties(style);
    const now = properties(after[i]!.style);
    return [...was]
      .filter(([property, value]) => now.get(property) !== value)
      .map(([property, value]) => `${element} ${property}: ${value} → ${now.get(property)}`);
  });
}

async function expectPageRulesSuffice(page: Page, path: string) {
  await page.route(WHOLE_STYLESHEET, (route) => route.abort());
  await page.goto(path);
  await waitForHydration(page);
  const href = await page.locator('head link[rel="stylesheet"]').getAttribute('href');
  expect(href, 'the running page asks for the whole stylesheet').toMatch(WHOLE_STYLESHEET);
  expect(await page.locator('head style').textContent()).not.toBe('');

  const themes: Theme[] = ['light', 'dark'];
  const before = new Map<Theme, Looks>();
  for (const theme of themes) {
    await useTheme(page, theme);
    before.set(theme, await looksOf(page));
  }
  await page.unroute(WHOLE_STYLESHEET);
  await page.evaluate(
    (url) =>
      new Promise((loaded, failed) => {
        const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: `${url}?whole` });
        link.addEventListener('load', loaded);
        link.addEventListener('error', failed);
        document.head.append(link);
      }),
    href!,
  );
  for (const theme of themes.toReversed()) {
    await useTheme(page, theme);
    expect(differences(before.get(theme)!, await looksOf(page)), `${path}, ${theme}`).toEqual([]);
  }
}

test('signed out, every page looks the same with its own rules as with the whole stylesheet', async ({ page }) => {
  for (const path of [
    '/',
    '/exams',
    '/exams?q=zzzz-nothing',
    '/exams/pmp',
    `/exam/${DEMO_EXAM}/practice-tests`,
    `/practice-test/${DEMO_TEST}`,
    '/practice-test/clf-c02-pt2',
    '/demo/pmp',
    '/cart',
    '/login',
    '/register',
    '/forgot-password',
    '/contact',
    '/no-such-page/at-all',
  ]) {
    await expectPageRulesSuffice(page, path);
  }
});

studentTest(
  'signed in, every page looks the same with its own rules as with the whole stylesheet',
  async ({ page, student }) => {
    for (const path of [
      '/dashboard',
      '/tests',
      '/purchased',
      '/history',
      '/order',
      student.receipt,
      '/exams/pmp',
      '/exam/pmp/practice-tests',
      '/practice-test/pmp-pt1?mode=practice',
    ]) {
      await expectPageRulesSuffice(page, path);
    }
  },
);

/** The whole stylesheet the running page asked for has arrived. */
function wholeStylesheetLoaded(page: Page) {
  return page.evaluate(() => {
    const link = document.querySelector<HTMLLinkElement>('head link[rel="stylesheet"]');
    return (link?.sheet?.cssRules.length ?? 0) > 0;
  });
}

test('a page the browser draws itself looks as it does when the server sends it', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect.poll(() => wholeStylesheetLoaded(page)).toBe(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Certification Exams' })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const drawnHere = await looksOf(page);

  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => wholeStylesheetLoaded(page)).toBe(true);
  expect(differences(drawnHere, await looksOf(page))).toEqual([]);
});
