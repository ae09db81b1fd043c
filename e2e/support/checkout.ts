import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { waitForHydration } from './pages.ts';

/** Adds an exam to the cart from its details page. */
export async function addToCart(page: Page, examId: string, title: string) {
  await page.goto(`/exams/${examId}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: `Unlock Access: ${title}` }).click();
  await expect(page.getByRole('button', { name: `Remove from Cart: ${title}` })).toBeVisible();
}

/** The cart's order summary total, next to its "Total" term. */
export const summaryTotal = (page: Page) =>
  page.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd');

/** Opens the cart and applies a coupon code there; the caller checks what the cart says. */
export async function applyCoupon(page: Page, code: string) {
  await page.goto('/cart');
  await waitForHydration(page);
  await page.getByLabel('Coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

/** From the cart to the sandbox provider's payment page. */
export async function proceedToPayment(page: Page) {
  await page.goto('/cart');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_cs_[0-9a-f]+$/);
  await expect(page.getByText('Test mode: PracticePass sandbox payments.')).toBeVisible();
}

/** Pays on the sandbox page with a test card, which decides the outcome. */
export async function payWith(page: Page, card: string) {
  await waitForHydration(page);
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}
