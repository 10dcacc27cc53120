import { join } from 'node:path';
import { E2E_ADMIN } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, navLink, screenshot, signIn, test } from './support/fixtures.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'web');

// The administrator's account: the other suites count the user's analyses and files.
test('the timeline of a user with records in three files, reached from a finding', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  await navLink(page, 'Upload Files').click();
  await page.getByRole('button', { name: 'Multi-File Analysis' }).click();
  // The upload page's own file input stays until the multi-file page has rendered: wait for it.
  await expect(page).toHaveURL(/\/multi-upload$/);
  await expect(page.getByRole('button', { name: 'Start Correlated Analysis' })).toBeDisabled();
  await page.locator('input[type=file]').setInputFiles(['sm20.csv', 'cdhdr.csv', 'cdpos.csv'].map((f) => join(FIXTURES, f)));
  await expect(page.getByText('Files Ready for Analysis (3/4)')).toBeVisible();
  await page.getByRole('button', { name: 'Start Correlated Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: 'View Detailed Results' }).click();

  const card = page.getByRole('region', { name: 'Findings' });
  await card.getByRole('link', { name: 'Timeline of MBROWN' }).first().click();
  await expect(page).toHaveURL(/\/results\/[\w-]+\/timeline\?user=MBROWN$/);
  await expect(page.getByRole('heading', { name: 'Timeline of MBROWN' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Timeline' });
  const rows = table.locator('tbody tr');
  // SM20 events from sm20.csv, the KRED change document from cdhdr.csv with its bank item from cdpos.csv.
  await expect(rows.filter({ hasText: 'sm20.csv' })).toHaveCount(3);
  const doc = rows.filter({ hasText: 'cdhdr.csv' });
  await expect(doc).toHaveCount(1);
  await expect(doc).toContainText('KRED 0000100001 change 0000012345 with XK02');
  await expect(doc).toContainText('1 item:');
  await expect(doc).toContainText('LFBK, BANKN: 12345678 → 99887766');
  await expect(table.locator('tbody tr[data-type="PATTERN"]')).not.toHaveCount(0);
  const times = await rows.locator('td:first-child').allTextContents();
  expect(times).toEqual([...times].sort());
  await screenshot(page, 'review-timeline');
  await expectNoSeriousA11yViolations(page, 'timeline');

  await page.getByRole('combobox', { name: 'Filter by file type' }).click();
  await page.getByRole('option', { name: 'CDHDR (1)' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('LFBK, BANKN: 12345678 → 99887766');
});
