import { expect, type Locator, type Page } from '@playwright/test';

/** The focused element shows where it is: an outline or a ring (a box shadow) that is not nothing. */
export async function expectFocusVisible(page: Page) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return {
      what: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      shown: outline || style.boxShadow !== 'none',
    };
  });
  expect(focus, 'something on the page has focus').not.toBeNull();
  expect(focus!.shown, `focus is visible on ${focus!.what}`).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until the target has focus, checking at every stop on the way that focus is
 * visible. Fails if the target is not reached: a control the keyboard cannot get to.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await target.waitFor();
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}: ${target.toString()}`);
}

/** Moves to the target with Tab and presses Enter on it. */
export async function tabAndEnter(page: Page, target: Locator, options?: { back?: boolean; max?: number }) {
  await tabTo(page, target, options);
  await page.keyboard.press('Enter');
}
