import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { waitForHydration } from './support/pages.ts';
import { studentTest } from './support/student.ts';

/**
 * Opens the page and counts the elements of its main part removed from the page between the server's HTML
 * and the end of hydration. React takes the server's drawing over as it is; it throws a part away (and
 * draws it again, blank until that part's code has come) only when an urgent update reaches a part whose
 * code is still loading (`lazy`).
 */
async function elementsRedrawn(page: Page, path: string): Promise<number> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const removed = { count: 0 };
      (window as unknown as { removed: typeof removed }).removed = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          removed.count += [...record.removedNodes].filter((node) => node.nodeType === Node.ELEMENT_NODE).length;
        }
      }).observe(document.querySelector('main')!, { childList: true, subtree: true });
    });
  });
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('main h1')).toBeVisible();
  return page.evaluate(() => (window as unknown as { removed: { count: number } }).removed.count);
}

test('a visitor’s home page, with and without a cart, is taken over as the server drew it', async ({ page }) => {
  expect(await elementsRedrawn(page, '/')).toBe(0);
  await page.evaluate(() => localStorage.setItem('cart', JSON.stringify([{ id: 'pmp', title: 'PMP', quantity: 1 }])));
  expect(await elementsRedrawn(page, '/')).toBe(0);
  await expect(page.getByRole('button', { name: /^Remove from Cart: Project Management/ })).toBeVisible();
});

studentTest('a student’s dashboard and progress charts are taken over as the server drew them', async ({ page }) => {
  expect(await elementsRedrawn(page, '/')).toBe(0);
  expect(await elementsRedrawn(page, '/exam/pmp/practice-tests')).toBe(0);
  await expect(page.getByRole('heading', { name: 'Your progress' })).toBeVisible();
});
