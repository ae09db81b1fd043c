import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { waitForHydration, watchConsole } from './support/pages.ts';
import { DEMO_TEST, studentTest } from './support/student.ts';

const html = (page: Page) => page.locator('html');
/** The theme toggle, named for what it does. */
const toggle = (page: Page, to: 'dark' | 'light') => page.getByRole('button', { name: `Switch to ${to} theme` });

/** WCAG contrast ratio of two CSS colours, as the browser paints them (a canvas turns any syntax into sRGB). */
async function contrast(page: Page, first: string, second: string): Promise<number> {
  return page.evaluate(
    ([a, b]: [string, string]) => {
      const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      const luminance = (colour: string) => {
        context.fillStyle = '#000';
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data).map((v) => {
          const c = v / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    },
    [first, second] as [string, string],
  );
}

/** The focused element's outline colour, and the colour of what lies behind it. */
async function focusColours(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement!;
    let behind: Element | null = element.parentElement;
    while (behind && getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)') behind = behind.parentElement;
    return {
      visible: element.matches(':focus-visible'),
      outline: getComputedStyle(element).outlineColor,
      background: behind ? getComputedStyle(behind).backgroundColor : 'white',
    };
  });
}

test('the head script sets the theme from the system setting before the first paint, without the app’s scripts', async ({
  page,
  request,
}) => {
  // The script is inline in the head, ahead of the (inline) stylesheet, and carries this response's CSP nonce.
  const response = await request.get('/exams');
  const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  const head = (await response.text()).split('</head>')[0]!;
  const script = head.indexOf(`<script nonce="${nonce}">`);
  expect(script).toBeGreaterThan(-1);
  const stylesheet = head.indexOf('<style nonce=');
  expect(stylesheet).toBeGreaterThan(-1);
  expect(script).toBeLessThan(stylesheet);

  // With every script of the app blocked, the page still opens dark for a dark system, and follows it.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/exams');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  const body = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await contrast(page, await body(), 'black')).toBeLessThan(1.3);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  expect(await contrast(page, await body(), 'white')).toBeLessThan(1.1);
});

test('the toggle: named for what it does, remembered across pages and visits, forgotten when it matches the system', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await waitForHydration(page);
  await expect(toggle(page, 'light')).toBeHidden();

  await toggle(page, 'dark').click();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(toggle(page, 'light')).toBeVisible();
  await expect(toggle(page, 'dark')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // Another page, a new visit, and a change of the system setting: the choice holds.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL('/exams');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await waitForHydration(page);

  // Back to light, the system's own theme: the choice is forgotten and the site follows the system again.
  await toggle(page, 'light').click();
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await expect(toggle(page, 'light')).toBeVisible();
  expect(problems).toEqual([]);
});

test('focus stands out from the page in both themes: at least 3:1 against what lies behind', async ({ page }) => {
  await page.goto('/login');
  await waitForHydration(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await expect(html(page)).toHaveAttribute('data-theme', theme);
    for (const target of [
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }),
      toggle(page, theme === 'light' ? 'dark' : 'light'),
      page.getByLabel('Email'),
      page.getByRole('button', { name: 'Login' }),
      page.getByRole('link', { name: 'Contact' }),
    ]) {
      await target.focus();
      // Focus put there by a script shows only after a key press; Shift alone moves nothing.
      await page.keyboard.press('Shift');
      const { visible, outline, background } = await focusColours(page);
      expect(visible).toBe(true);
      expect(await contrast(page, outline, background), `${theme}: ${target.toString()}`).toBeGreaterThanOrEqual(3);
    }
  }
});

/**
 * Printed in the given theme, the page leaves out the site's links and footer, and every text that prints
 * reads on white paper: printers leave backgrounds out.
 */
async function expectPrintsDarkOnWhite(page: Page, theme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: theme, media: 'print' });
  await expect(html(page)).toHaveAttribute('data-theme', theme);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  const colours = await page.evaluate(() => {
    const printed = Array.from(document.body.querySelectorAll('*')).filter(
      (element) =>
        element.getClientRects().length > 0 &&
        Array.from(element.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()),
    );
    return [...new Set(printed.map((element) => getComputedStyle(element).color))];
  });
  expect(colours.length).toBeGreaterThan(2);
  for (const colour of colours) {
    expect(await contrast(page, colour, '#fff'), `${theme}: ${colour}`).toBeGreaterThanOrEqual(4.5);
  }
}

studentTest('a printed receipt is dark text on white paper in either theme', async ({ page, student }) => {
  await page.goto(student.receipt);
  const thanks = page.getByRole('heading', { name: 'Thank you for your purchase!' });
  await expect(thanks).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await expectPrintsDarkOnWhite(page, theme);
    await expect(thanks).toBeVisible();
    await expect(page.getByRole('cell', { name: /^\$\d+\.\d\d USD$/ })).toBeVisible();
  }
});

test('a printed result with its review is dark text on white paper in either theme', async ({ page }) => {
  await page.goto(`/practice-test/${DEMO_TEST}?mode=exam`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  const result = page.getByRole('heading', { name: 'Keep Practicing!' });
  await expect(result).toBeVisible();
  await page.getByRole('button', { name: 'Show Detailed Review' }).click();
  for (const theme of ['light', 'dark'] as const) {
    await expectPrintsDarkOnWhite(page, theme);
    await expect(result).toBeVisible();
  }
});
