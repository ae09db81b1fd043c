import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalScroll, expectWholeFigures } from './pages.ts';

export const PHONE = { width: 360, height: 800 };
/** The width WCAG 2.2's reflow criterion (1.4.10) asks content to fit without scrolling sideways. */
export const REFLOW = { width: 320, height: 640 };
export const DESKTOP = { width: 1280, height: 800 };
export type Theme = 'light' | 'dark';

/**
 * Follows the system setting to the given theme (no choice is stored). Motion is reduced, so colours change
 * at once rather than through the buttons' transitions.
 */
export async function useTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** The axe rules that look at colour: all a change of theme can break. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page as it stands passes every axe rule in the light theme on a desktop, and the colour rules in the
 * dark theme on a 360 px phone, where it also must not scroll sideways nor break a figure across lines; nor
 * may it scroll sideways at 320 px. (The theme changes colours only.)
 */
export async function expectAccessibleInBothThemes(page: Page, what = new URL(page.url()).pathname) {
  await test.step(`${what}: light, desktop`, async () => {
    await page.setViewportSize(DESKTOP);
    await useTheme(page, 'light');
    await expectNoAxeViolations(page);
  });
  await test.step(`${what}: dark, phone`, async () => {
    await page.setViewportSize(REFLOW);
    await expectNoHorizontalScroll(page);
    await page.setViewportSize(PHONE);
    await useTheme(page, 'dark');
    await expectNoHorizontalScroll(page);
    await expectWholeFigures(page);
    await expectNoAxeViolations(page, COLOUR_RULES);
  });
}
