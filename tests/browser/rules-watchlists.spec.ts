/**
 * Detection settings and the rule catalogue against the real local stack (issue 14): an
 * administrator adds and edits a privileged user in Risk Management and sees it in the audit log;
 * any user reaches the rules page from About and lands on one rule by its anchor.
 */
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { E2E_ADMIN } from './support/credentials.ts';
import { expect, screenshot, signIn, test } from './support/fixtures.ts';

/** A fresh user ID per run (at most 12 characters), so reruns against a kept data folder never collide. */
function uniqueUser(): string {
  return `ZE2E${Date.now().toString(36).toUpperCase().slice(-6)}`;
}

test('an administrator keeps the privileged-users watchlist; the rules page lists the catalogue', async ({ page }) => {
  const id = `${uniqueUser()}*`;
  await signIn(page, E2E_ADMIN);
  await page.goto('/risk-management');
  await expect(page.getByRole('heading', { name: 'Risk Management' })).toBeVisible();
  await page.getByRole('tab', { name: 'Privileged Users' }).click();

  const table = page.getByRole('table', { name: 'Privileged Users' });
  const sapStar = table.locator('tr[data-item-id="SAP*"]');
  await expect(sapStar).toContainText('Standard user');
  await expect(sapStar.getByText('prefix', { exact: true })).toHaveCount(0);
  await expect(table.locator('tr[data-item-id="FF_*"]').getByText('prefix', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await add.getByRole('textbox', { name: 'User' }).fill(id.toLowerCase());
  await add.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Emergency (firefighter) ID', exact: true }).click();
  await add.getByRole('textbox', { name: 'Description' }).fill('Firefighter IDs of the E2E run');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${id} added`, { exact: true })).toBeVisible();
  const row = table.locator(`tr[data-item-id="${id}"]`);
  await expect(row).toContainText('Emergency (firefighter) ID');
  await expect(row).toContainText('Firefighter IDs of the E2E run');

  await row.getByRole('button', { name: `Edit ${id}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByRole('textbox', { name: 'Description' }).fill('Firefighter IDs, reviewed');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Firefighter IDs, reviewed');
  await screenshot(page, 'risk-privileged-users');
  await expectNoSeriousA11yViolations(page, 'Risk Management, Privileged Users');

  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const audit = page.getByRole('table', { name: 'Audit Log' });
  const entries = audit.locator('tr', { hasText: id });
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('UPDATE');
  await expect(entries.first()).toContainText('privileged_user');
  await expect(entries.first()).toContainText('description: Firefighter IDs of the E2E run → Firefighter IDs, reviewed');

  await page.getByRole('tab', { name: 'Thresholds' }).click();
  await expect(page.getByRole('textbox', { name: 'Changes per user and day' })).toHaveValue('50');
  await page.screenshot({ path: 'test-results/screenshots/risk-thresholds.png' });

  await page.goto('/upload');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
  await page.getByRole('heading', { name: /Holiday calendar and time zone/ }).or(page.getByText('Holiday calendar and time zone')).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/upload-time-zone.png' });

  await page.goto('/about');
  await page.getByRole('link', { name: 'see the detection rules' }).click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole('heading', { name: 'Detection rules' })).toBeVisible();
  const patterns = page.getByRole('table', { name: 'Pattern rules' });
  await expect(patterns.locator('tr#PAT-BRUTE-FORCE-SUCCESS')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Detection rules');

  await page.goto('/rules#SAL-AUDIT-OFF');
  const target = page.locator('tr#SAL-AUDIT-OFF');
  await expect(target).toHaveAttribute('aria-current', 'true');
  await expect(target).toContainText('SAP - Deactivation of Security Audit Log');
  await expect(target).toBeInViewport();
  // The full page is long; this one shows what the reader sees on arrival.
  await page.screenshot({ path: 'test-results/screenshots/rules-page-anchor-viewport.png' });
  await screenshot(page, 'rules-page-anchor');
});
