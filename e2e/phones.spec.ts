import type { Locator, Page, TestInfo } from '@playwright/test';
import { addToCart, payWith, proceedToPayment } from './support/checkout.ts';
import { answersOf, chooseOptions, expect, register, test, uniqueEmail } from './support/fixtures.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  expectWholeFigures,
  waitForHydration,
} from './support/pages.ts';
import { DEMO_EXAM, DEMO_TEST, ITIL, latestAttemptAddress, PMP, studentTest } from './support/student.ts';
import { DESKTOP, PHONE, useTheme } from './support/themes.ts';

// Each test walks through many screens and pictures each four times; a busy machine needs the time.
test.describe.configure({ timeout: 180_000 });

/**
 * The main screens on a 360 px phone and a 1280 px desktop, light and dark: no sideways scrolling on the
 * phone, and a full-page picture of each, attached to the report and written to test-results/screenshots/.
 */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await useTheme(page, theme);
      if (size === 'phone') {
        await expectNoHorizontalScroll(page);
        await expectWholeFigures(page);
      }
      const path = `test-results/screenshots/${name}-${size}-${theme}.png`;
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`${name}, ${size}, ${theme}`, { path, contentType: 'image/png' });
    }
  }
}

/** On the phone, each element is wholly on screen: nothing the student needs sits off to the side. */
async function expectOnPhoneScreen(page: Page, locator: Locator) {
  await page.setViewportSize(PHONE);
  for (const element of await locator.all()) {
    const box = (await element.boundingBox())!;
    expect(box.x, (await element.textContent()) ?? '').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, (await element.textContent()) ?? '').toBeLessThanOrEqual(PHONE.width);
  }
}

/** On the phone (or one `width` wide), each element reads on one line: a figure is never broken in two. */
async function expectOneLineOnPhone(page: Page, locator: Locator, width = PHONE.width) {
  await page.setViewportSize({ ...PHONE, width });
  const elements = await locator.all();
  expect(elements.length).toBeGreaterThan(0);
  for (const element of elements) {
    const lines = await element.evaluate((e) => {
      const range = document.createRange();
      range.selectNodeContents(e);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.bottom))).size;
    });
    expect(lines, (await element.textContent()) ?? '').toBe(1);
  }
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await waitForHydration(page);
}

test('signed out: home, catalogue, details, practice tests, a running test and its result', async ({
  page,
}, testInfo) => {
  await open(page, '/', /^Pass your certification exam/);
  await shoot(page, testInfo, 'home');
  await open(page, '/exams', 'Certification Exams');
  await shoot(page, testInfo, 'catalogue');
  await open(page, '/exams/pmp', PMP);
  await expectOnPhoneScreen(page, page.getByRole('tab'));
  await shoot(page, testInfo, 'details');
  await open(page, `/exam/${DEMO_EXAM}/practice-tests`, /Practice Tests/);
  await shoot(page, testInfo, 'practice-tests-demo');

  const questions = await answersOf(DEMO_EXAM, DEMO_TEST);
  await open(page, `/practice-test/${DEMO_TEST}?mode=exam`, 'Practice Test 1');
  await page.getByRole('button', { name: 'Start Exam Mode' }).click();
  for (const q of questions.slice(0, 3)) {
    await chooseOptions(page, q, q.correct);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Flag for review' }).click();
  await expect(page.getByRole('button', { name: 'Question 4, not answered, flagged' })).toBeVisible();
  await shoot(page, testInfo, 'running-test');
  await page.getByRole('button', { name: 'Submit Test' }).last().click();
  await page.getByRole('button', { name: 'Submit Test' }).click();
  await expect(page.getByRole('heading', { name: 'Keep Practicing!' })).toBeVisible();
  await shoot(page, testInfo, 'result');
});

studentTest(
  'signed in: dashboard, history, practice tests, cart, sandbox payment and thank-you',
  async ({ page, student }, testInfo) => {
    await open(page, '/', `Welcome, ${student.name}`);
    // Each domain's share, such as "100% (1 of 1)", beside a name long enough to need two lines.
    await expectOneLineOnPhone(page, page.getByText(/^\d+% \(\d+ of \d+\)$/));
    await shoot(page, testInfo, 'dashboard');
    await open(page, '/history', /History/);
    // Every fact of an attempt, its score and its Retry included, shows without scrolling sideways.
    await expectOnPhoneScreen(page, page.getByRole('cell'));
    await shoot(page, testInfo, 'history');
    await open(page, await latestAttemptAddress(page), /Practice Test/);
    await shoot(page, testInfo, 'attempt-review');
    await open(page, '/exam/pmp/practice-tests', /Practice Tests/);
    // A test's facts and scores keep each word whole, on the narrowest phones too.
    await expectOneLineOnPhone(page, page.getByRole('article').first().locator('dt'), 320);
    await shoot(page, testInfo, 'practice-tests');

    await addToCart(page, 'itil-4-foundation', ITIL);
    await open(page, '/cart', 'Cart');
    await shoot(page, testInfo, 'cart');
    await proceedToPayment(page);
    await shoot(page, testInfo, 'sandbox-payment');
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
    // Amounts, the total's currency included, are not broken across lines.
    await expectOneLineOnPhone(page, page.getByRole('cell').filter({ hasText: /\$\d/ }));
    // The items' descriptions keep most of the row: the quantity's heading is short on a phone (named in full).
    await expect(page.getByRole('columnheader', { name: 'Quantity' })).toHaveText(/Qty/);
    const table = (await page.getByRole('table').last().boundingBox())!;
    const description = (await page.getByRole('cell', { name: ITIL }).boundingBox())!;
    expect(description.width).toBeGreaterThan(table.width * 0.45);
    await shoot(page, testInfo, 'thank-you');
  },
);

test('a long unbroken name or address wraps on a phone instead of widening the page', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const name = 'alexandra_richardson_of_westminster';
  await register(page, { name, email: uniqueEmail('longname'), password: 'a-very-long-name-1' });
  await open(page, '/', `Welcome, ${name}`);
  await expectNoHorizontalScroll(page);
  for (const path of [`/exams/${'x'.repeat(70)}`, `/demo/${'y'.repeat(70)}`, `/tests/${'z'.repeat(70)}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
});

test('on a phone, the thank-you page breaks an address too long for a line before its @, each part whole', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  // Longer than a line of the phone (about 30 letters), each part shorter than one.
  const email = uniqueEmail('thanks');
  await register(page, { name: 'Long Address', email, password: 'long-address-1' });
  await addToCart(page, 'itil-4-foundation', ITIL);
  await proceedToPayment(page);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  const address = page.getByRole('main').locator('strong', { hasText: email });
  await expect(address).toHaveText(email);
  const lines = await address.evaluate((element) => {
    const text = element.textContent!;
    const at = text.lastIndexOf('@');
    // The lines a stretch of the address lies on, counted by where their boxes end.
    const linesOf = (from: number, to: number) => {
      const range = document.createRange();
      let offset = 0;
      let started = false;
      let ended = false;
      for (const node of Array.from(element.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE)) {
        const length = node.textContent!.length;
        if (!started && from < offset + length) {
          range.setStart(node, from - offset);
          started = true;
        }
        if (!ended && to <= offset + length) {
          range.setEnd(node, to - offset);
          ended = true;
        }
        offset += length;
      }
      const drawn = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
      return new Set(drawn.map((rect) => Math.round(rect.bottom))).size;
    };
    return { whole: linesOf(0, text.length), name: linesOf(0, at), domain: linesOf(at, text.length) };
  });
  expect(lines).toEqual({ whole: 2, name: 1, domain: 1 });
  await expectNoHorizontalScroll(page);
});

test('an exam whose title, category or description holds a long unbroken word still fits a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  // The catalogue's words are the content's: a word as long as a product code or an address is put in them here.
  const lengthen = () =>
    page.evaluate(() => {
      const word = 'Kubernetes-CloudNativeSecurityAssociate-KCSA';
      for (const element of document.querySelectorAll('article h1, article h2, article h3, article p'))
        if (element.children.length === 0) element.textContent = `${element.textContent} ${word}`;
    });
  for (const [path, heading] of [
    ['/exams', 'Certification Exams'],
    ['/exams/pmp', PMP],
  ] as const) {
    await open(page, path, heading);
    await lengthen();
    await expectNoHorizontalScroll(page);
  }
});

test('a student’s header is two rows on a phone with a cart to pay, its total heard there, and one row on a desktop', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const name = 'Alexandra Montgomery Richardson';
  await register(page, { name, email: uniqueEmail('header'), password: 'two-rows-only-1' });
  // Two exams in the cart: its total, "$74.98", is as wide as a cart's total gets in the catalogue.
  await addToCart(page, 'pmp', PMP);
  await addToCart(page, 'itil-4-foundation', ITIL);
  await page.goto('/cart');
  await waitForHydration(page);
  const banner = page.getByRole('banner');
  const cart = banner.getByRole('link', { name: /^Cart, 2 items, \$\d+\.\d\d$/ });
  const first = [
    banner.getByRole('link', { name: 'PracticePass' }),
    cart,
    banner.getByRole('button', { name }),
    banner.getByRole('button', { name: /^Switch to/ }),
  ];
  const second = ['Dashboard', 'My Exams', 'My History', 'Explore'].map((name) =>
    banner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }),
  );
  const middleOf = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return box.y + box.height / 2;
  };
  const row = async (locators: Locator[]) => Promise.all(locators.map(middleOf));
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

  // On the phone the menu shows two initials, first and last name's, inside its circle; its name is still theirs.
  const initials = banner.getByText('AR', { exact: true });
  await expect(initials).toBeVisible();
  expect(await initials.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  // The cart shows its count; its total is in its name, not on the screen, and it is still a finger wide.
  await expect(cart.getByText('2', { exact: true })).toBeVisible();
  const total = cart.getByText(/^\$\d+\.\d\d$/);
  await expect(total).toHaveCSS('position', 'absolute');
  expect((await total.boundingBox())!.width).toBeLessThanOrEqual(1);
  expect((await cart.boundingBox())!.width).toBeGreaterThanOrEqual(44);
  const top = await row(first);
  const links = await row(second);
  expect(spread(top)).toBeLessThan(4);
  expect(spread(links)).toBeLessThan(4);
  expect(Math.min(...links)).toBeGreaterThan(Math.max(...top) + 20);
  expect((await banner.boundingBox())!.height).toBeLessThan(120);
  await expectNoHorizontalScroll(page);

  await page.setViewportSize(DESKTOP);
  await expect(initials).toBeHidden();
  await expect(banner.getByText(name, { exact: true })).toBeVisible();
  expect((await total.boundingBox())!.width).toBeGreaterThan(30);
  expect(spread([...(await row(first)), ...(await row(second))])).toBeLessThan(4);
});

test('a question’s program keeps its lines on a phone: its block scrolls sideways, by keyboard too, not the page', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await open(page, '/practice-test/pcep-pt1?mode=practice', 'PCEP Practice Test 1 – Fundamentals');
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  await page.getByRole('button', { name: 'Question 3, not answered' }).click();
  const code = page.getByRole('group').locator('code');
  await expect(code).toHaveText('print("a", "b", "c", sep="-", end="!")\nprint("d")');
  const drawn = await code.evaluate((e) => {
    const style = getComputedStyle(e);
    return { font: style.fontFamily, wraps: style.whiteSpace, wider: e.scrollWidth > e.clientWidth };
  });
  expect(drawn.font).toMatch(/monospace/);
  expect(drawn.wraps).toBe('pre');
  expect(drawn.wider).toBe(true);
  await expectNoHorizontalScroll(page);
  // A phone shows no scroll bar: a shadow inside each edge with more program beyond it says so. Covers in
  // the block's colour scroll with the text and hide the shadow of an edge whose text is in view.
  expect(await code.evaluate((e) => getComputedStyle(e).backgroundAttachment)).toBe('local, local, scroll, scroll');
  await code.screenshot({ path: 'test-results/screenshots/code-block-start-phone.png' });
  await code.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => code.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
  await code.evaluate((e) => (e.scrollLeft = e.scrollWidth));
  await code.screenshot({ path: 'test-results/screenshots/code-block-end-phone.png' });
  await expectNoAxeViolations(page);
  // On a desktop, where the question's words are short beside the column, the block is as wide as the options.
  await page.setViewportSize(DESKTOP);
  const option = (await page.getByRole('group').locator('label').first().boundingBox())!;
  const block = (await code.boundingBox())!;
  expect(Math.abs(block.x - option.x)).toBeLessThan(1);
  expect(Math.abs(block.width - option.width)).toBeLessThan(1);
});

test('the next question is shown from its start on a phone, however far down the last one was read', async ({
  page,
}) => {
  await page.setViewportSize({ width: PHONE.width, height: 560 });
  await open(page, '/practice-test/pcep-pt1?mode=practice', 'PCEP Practice Test 1 – Fundamentals');
  await page.getByRole('button', { name: 'Start Practice Mode' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 12' })).toBeVisible();
  const questionTop = async () => (await page.getByRole('group').locator('legend').boundingBox())!.y;
  for (const [move, heading] of [
    [page.getByRole('button', { name: 'Next' }), 'Question 2 of 12'],
    [page.getByRole('button', { name: 'Question 10, not answered' }), 'Question 10 of 12'],
  ] as const) {
    await move.scrollIntoViewIfNeeded();
    expect(await questionTop()).toBeLessThan(0);
    await move.click();
    await expect(page.getByRole('heading', { name: heading })).toBeFocused();
    // The question's words are on screen, below its heading, which stays at the top.
    const top = await questionTop();
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(200);
  }
});
