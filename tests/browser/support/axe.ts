import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Toasts fade in and out (300 ms); axe measures contrast on whatever opacity it finds, so a toast
 * caught mid-fade reads as low contrast. Wait until every toast is fully shown or gone.
 */
async function waitForToastsToSettle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-toast-type]')].every((el) => {
        let node: Element | null = el;
        while (node) {
          const opacity = Number(getComputedStyle(node).opacity);
          if (opacity > 0 && opacity < 1) return false;
          node = node.parentElement;
        }
        return true;
      }),
    undefined,
    { timeout: 5_000 },
  );
}

/** Fails on axe-core violations of serious or critical impact, listing what and where. */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  await waitForToastsToSettle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(serious, `axe violations on ${screen}`).toEqual([]);
}
