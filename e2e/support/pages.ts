import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails the test on any console error or uncaught exception, such as a blocked script or a hydration error. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The page has hydrated: React Router's client is running and handles links and forms. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
  await page.waitForLoadState('networkidle');
}

/** Every axe rule, or only those given (such as the colour rules, for a second theme of the same page). */
export async function expectNoAxeViolations(page: Page, rules?: string[]) {
  const axe = new AxeBuilder({ page });
  const results = await (rules ? axe.withRules(rules) : axe).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
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
