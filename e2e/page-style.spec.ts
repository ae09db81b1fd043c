import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';
import { DEMO_EXAM, DEMO_TEST, latestAttemptAddress, studentTest } from './support/student.ts';
import { useTheme, type Theme } from './support/themes.ts';

/**
 * A page carries only the style rules its own HTML uses (decision 0011), and the whole stylesheet arrives as
 * a file once the page runs. Each page below is opened with that file held back and looked at in both
 * themes; then the file is let in, and no element of the page may look different in either theme.
 */

test.describe.configure({ timeout: 120_000 });

const WHOLE_STYLESHEET = /\/assets\/app-[\w-]+\.css$/;

/**
 * Remembers in the page how every element of it looks (its computed style; those in an animation are left
 * out: they keep moving), under a name. The page keeps it: some 580 properties of a few hundred elements are
 * megabytes, and brought out of the browser each time took twice as long as reading them.
 *
 * An element the page does not draw (inside a closed `<details>`, say) is not laid out: for what layout
 * decides, the browser reports whatever it found when it last laid the element out, if ever (a height of
 * 0 px in one look and 40 px in the next, grid columns of nothing and then 527 px). For such an element
 * its sizes, offsets and grid tracks are left out; every other property is compared.
 */
function keepLooks(page: Page, name: string): Promise<void> {
  return page.evaluate((name) => {
    const laidOut =
      /^(width|height|block-size|inline-size|top|right|bottom|left|inset-.+|(transform|perspective)-origin|grid-template-(columns|rows))$/;
    const looks = Array.from(document.querySelectorAll('body, body *'))
      .filter((element) => element.getAnimations().length === 0)
      .map((element) => {
        const computed = getComputedStyle(element);
        const drawn = element.checkVisibility();
        return {
          element: `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`,
          style: new Map(
            Array.from(computed)
              .filter((property) => drawn || !laidOut.test(property))
              .map((property) => [property, computed.getPropertyValue(property)]),
          ),
        };
      });
    const kept = ((window as { keptLooks?: Record<string, typeof looks> }).keptLooks ??= {});
    kept[name] = looks;
  }, name);
}

/** How the page's elements look now against what was kept under `was`, property by property. */
async function changedLooks(page: Page, was: string): Promise<string[]> {
  await keepLooks(page, 'now');
  return page.evaluate((was) => {
    type Looks = { element: string; style: Map<string, string> }[];
    const kept = (window as unknown as { keptLooks: Record<string, Looks> }).keptLooks;
    const [before, after] = [kept[was]!, kept.now!];
    const count = Math.max(before.length, after.length);
    const first = Array.from({ length: count }, (_, i) => i).find((i) => before[i]?.element !== after[i]?.element);
    if (first !== undefined) return [`element ${first + 1}: ${before[first]?.element} → ${after[first]?.element}`];
    return before.flatMap(({ element, style }, i) =>
      [...style]
        .filter(([property, value]) => after[i]!.style.get(property) !== value)
        .map(([property, value]) => `${element} ${property}: ${value} → ${after[i]!.style.get(property)}`),
    );
  }, was);
}

async function expectPageRulesSuffice(page: Page, path: string) {
  await page.route(WHOLE_STYLESHEET, (route) => route.abort());
  await page.goto(path);
  await waitForHydration(page);
  const href = await page.locator('head link[rel="stylesheet"]').getAttribute('href');
  expect(href, 'the running page asks for the whole stylesheet').toMatch(WHOLE_STYLESHEET);
  expect(await page.locator('head style').textContent()).not.toBe('');

  const themes: Theme[] = ['light', 'dark'];
  for (const theme of themes) {
    await useTheme(page, theme);
    await keepLooks(page, theme);
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
    expect(await changedLooks(page, theme), `${path}, ${theme}`).toEqual([]);
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
      await latestAttemptAddress(page),
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
  // The catalogue as the server sends it, then drawn by the browser after a link away and a link back:
  // the page stays open throughout, and keeps how it first looked.
  await page.goto('/exams');
  await waitForHydration(page);
  await expect.poll(() => wholeStylesheetLoaded(page)).toBe(true);
  await keepLooks(page, 'sent');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await nav.getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Certification Exams' })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  expect(await changedLooks(page, 'sent')).toEqual([]);
});
