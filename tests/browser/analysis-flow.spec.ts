import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_USER } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, navLink, screenshot, signIn, test } from './support/fixtures.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'web');

test('multi-file upload → Analysis Complete → Results → flag details → Excel → History and Dashboard → delete', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_USER);

  await navLink(page, 'Upload Files').click();
  await page.getByRole('button', { name: 'Multi-File Analysis' }).click();
  await expect(page).toHaveURL(/\/multi-upload$/);
  await expect(page.getByRole('button', { name: 'Start Correlated Analysis' })).toBeDisabled();
  await page
    .locator('input[type=file]')
    .setInputFiles(['sm20.csv', 'cdhdr.csv', 'cdpos.csv'].map((f) => join(FIXTURES, f)));
  await expect(page.getByText('Files Ready for Analysis (3/4)')).toBeVisible();
  await expect(page.locator('[data-slot="SM20"]')).toContainText('sm20.csv');
  await expect(page.locator('[data-slot="CDHDR"]')).toContainText('cdhdr.csv');
  await expect(page.locator('[data-slot="CDPOS"]')).toContainText('cdpos.csv');
  await expect(page.locator('[data-slot="TICKETS"]')).toContainText('No file');
  await screenshot(page, 'multi-upload');

  await page.getByRole('button', { name: 'Start Correlated Analysis' }).click();
  await expect(page).toHaveURL(/\/analysis\/[\w-]+$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('3 Files')).toBeVisible();
  await expect(page.getByText('All records processed')).toBeVisible();
  // The overall risk says why (the highest case, and the share of flagged records kept).
  await expect(page.getByTestId('risk-reason')).toHaveText(/^Overall risk: .*\d+\.\d\d % of records flagged/);
  await screenshot(page, 'analysis-complete');
  await expectNoSeriousA11yViolations(page, 'analysis complete');

  await page.getByRole('button', { name: 'View Detailed Results' }).click();
  await expect(page).toHaveURL(/\/results\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Multi-File Correlation Analysis Complete' })).toBeVisible();
  await expect(page.getByText('Detection Flags')).toBeVisible();
  await screenshot(page, 'results');
  await expectNoSeriousA11yViolations(page, 'results');

  // A flag with records opens its detail modal with sample records.
  const flag = page.locator('button[data-flag]:not([aria-disabled="true"])').first();
  const flagKey = await flag.getAttribute('data-flag');
  expect(flagKey).toBeTruthy();
  await flag.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: flagKey!.replace(/_/g, ' ') })).toBeVisible();
  await expect(modal.getByText('What does this flag mean?')).toBeVisible();
  await expect(modal.getByTestId('flag-sample-list')).toBeVisible({ timeout: 20_000 });
  expect(await modal.getByTestId('flag-sample-record').count()).toBeGreaterThan(0);
  await screenshot(page, 'flag-detail');
  await expectNoSeriousA11yViolations(page, 'flag detail modal');
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toHaveCount(0);

  // The Excel download is a real workbook (a zip with the OOXML content types).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Excel (multi-sheet)' }).click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.includes(Buffer.from('[Content_Types].xml'))).toBe(true);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  // History lists it as completed.
  await navLink(page, 'Analysis History').click();
  const row = page.getByTestId('history-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('completed');
  await screenshot(page, 'history');

  // The Dashboard link shows the dashboard (the viewed result stays at /results), with it among the recent analyses.
  await navLink(page, 'Dashboard').click();
  await expect(page.getByRole('heading', { name: 'SAP Security Analyzer', level: 2 })).toBeVisible();
  await expect(page.getByTestId('recent-analysis')).toHaveCount(1);
  await expect(page.getByTestId('recent-analysis')).toContainText(/Critical Risk|High Risk|Medium Risk|Low Risk|Clean/);
  await screenshot(page, 'dashboard-with-analysis');

  // Analytics computed from it.
  await navLink(page, 'Analytics').click();
  await expect(page.getByRole('heading', { name: 'Security Analytics' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Total Analyses\s*1$/ })).toBeVisible();
  await expect(page.getByText('Module Activity Heatmap')).toBeVisible();
  await screenshot(page, 'analytics');

  // Delete it from History.
  await navLink(page, 'Analysis History').click();
  await page.getByRole('button', { name: /^Delete analysis / }).click();
  await expect(page.getByText('Are you sure you want to delete this analysis? This action cannot be undone.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/^No previous analyses found/)).toBeVisible();
  await expect(page.getByTestId('history-row')).toHaveCount(0);
});
