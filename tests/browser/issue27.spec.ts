/**
 * Issue 27, what a newcomer tripped over: results at their own address, every upload path taking
 * .txt, phone layouts, wording that says what is measured.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_ADMIN, E2E_USER } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { analyseOne, expect, signIn, test } from './support/fixtures.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'web');

test.describe.configure({ mode: 'serial' });

let resultsUrl = '';

async function analyseSm20(page: Page): Promise<string> {
  await analyseOne(page, join(FIXTURES, 'sm20.csv'));
  return page.url();
}

test('results have their own address: a second tab opens the same analysis; an unknown or foreign one is not found', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  resultsUrl = await analyseSm20(page);
  const analysisId = resultsUrl.split('/').at(-1)!;
  await expect(page.getByText(`Analysis ID: ${analysisId}`)).toBeVisible();
  // Item 4: the figures are named for what they count.
  await expect(page.getByText('Share of records flagged')).toBeVisible();
  await expect(page.getByText(/^(Overall Risk|Detection Rate)$/)).toHaveCount(0);

  // A second tab of the same session, opened at the address: the same analysis, not the dashboard.
  const second = await page.context().newPage();
  await second.goto(resultsUrl);
  await expect(second.getByText(`Analysis ID: ${analysisId}`)).toBeVisible({ timeout: 30_000 });
  await second.getByRole('tab', { name: 'Findings' }).click();
  await expect(second).toHaveURL(new RegExp(`/results/${analysisId}/findings$`));
  await expect(second.getByRole('region', { name: 'Findings' })).toBeVisible();
  await second.reload();
  await expect(second.getByRole('region', { name: 'Findings' })).toBeVisible({ timeout: 30_000 });
  await second.close();

  // History's View opens the address of that analysis.
  await page.goto('/history');
  await page.getByRole('button', { name: `View analysis ${analysisId.slice(0, 8)}…` }).click();
  await expect(page).toHaveURL(resultsUrl);

  // An id nobody has: not found (never "may still be processing").
  await page.goto('/results/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('Analysis not found');
  await expect(page.getByText(/may still be processing/)).toHaveCount(0);

  // Another user opening the admin's address: not found.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, E2E_USER);
  await otherPage.goto(resultsUrl);
  await expect(otherPage.getByRole('alert')).toContainText('Analysis not found');
  await expect(otherPage.getByText(/may still be processing/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(otherPage, 'results not found');
  await other.close();
});

test('the multi-file page takes .txt and .tsv exports by their content and refuses a picture named .csv', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  await page.goto('/multi-upload');
  await expect(page.getByRole('button', { name: 'Start Correlated Analysis' })).toBeDisabled();
  const input = page.locator('input[type=file]');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 600 }, (_, i) => (i * 37) % 256)]);
  await input.setInputFiles({ name: 'logo.csv', mimeType: 'text/csv', buffer: png });
  await expect(page.getByText('logo.csv: the content is neither text (CSV, TSV, TXT) nor an Excel workbook (.xlsx)')).toBeVisible();
  await expect(page.getByText('Files Ready for Analysis (0/4)')).toBeVisible();

  const sm20 = readFileSync(join(FIXTURES, 'sm20.csv'));
  const cdhdr = readFileSync(join(FIXTURES, 'cdhdr.csv'));
  await input.setInputFiles([
    { name: 'RSAU_READ_LOG.txt', mimeType: 'text/plain', buffer: sm20 },
    { name: 'se16_cdhdr.tsv', mimeType: 'text/tab-separated-values', buffer: cdhdr },
  ]);
  await expect(page.getByText('Files Ready for Analysis (2/4)')).toBeVisible();
  await expect(page.locator('[data-slot="SM20"]')).toContainText('RSAU_READ_LOG.txt');
  await expect(page.locator('[data-slot="CDHDR"]')).toContainText('se16_cdhdr.tsv');
  await page.getByRole('button', { name: 'Start Correlated Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });
});

/** Fails when an element sticks out of the viewport's right edge (cut off or needing a sideways scroll). */
async function expectWithinWidth(locator: ReturnType<Page['locator']>, width: number) {
  const box = await locator.boundingBox();
  expect(box, 'element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test('findings, timeline, history and the analytics Custom range work at 390 px and at 1280 px, with axe at both', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, E2E_ADMIN);
  if (!resultsUrl) resultsUrl = await analyseSm20(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    // Findings: at 390 one card per finding, the Review button and the user on screen.
    await page.goto(`${resultsUrl}/findings`);
    const findings = page.getByRole('region', { name: 'Findings' });
    await expect(findings.getByTestId('review-progress')).toBeVisible({ timeout: 30_000 });
    const review = findings.getByRole('button', { name: /^Review / }).first();
    await expect(review).toBeVisible();
    await expectWithinWidth(review, width);
    const userLink = findings.getByRole('link', { name: /^Timeline of / }).first();
    await expectWithinWidth(userLink, width);
    if (width === 390) await expect(findings.getByTestId('finding-card').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `findings at ${width} px`);

    // Timeline: time, activity and flags on screen.
    await userLink.click();
    await expect(page).toHaveURL(/\/timeline\?user=/);
    const entry = width === 390 ? page.getByTestId('timeline-card').first() : page.getByRole('table', { name: 'Timeline' }).locator('tbody tr').first();
    await expect(entry).toBeVisible({ timeout: 30_000 });
    await expectWithinWidth(entry, width);
    await expectNoSeriousA11yViolations(page, `timeline at ${width} px`);

    // History: status and View on screen.
    await page.goto('/history');
    const row = page.getByTestId('history-row').first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expectWithinWidth(row.getByRole('button', { name: /^View analysis / }), width);
    await expectWithinWidth(row.getByText('completed', { exact: true }), width);
    await expectNoSeriousA11yViolations(page, `history at ${width} px`);

    // Analytics: the Custom range is reachable and its dates fit.
    await page.goto('/analytics');
    const custom = page.getByText('Custom', { exact: true });
    await expect(custom).toBeVisible({ timeout: 30_000 });
    await expectWithinWidth(custom, width);
    await custom.click();
    await expectWithinWidth(page.getByLabel('To', { exact: true }), width);
    await expectNoSeriousA11yViolations(page, `analytics at ${width} px`);
  }
});

test('a high-risk table import shows new, changed (old -> new) and unchanged entries and the category it matched before writing', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN);
  await page.goto('/risk-management');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import High-Risk Items' });
  const csv = 'TABNAME,CATEGORY,DDTEXT\nUSR02,Benutzerverwaltung,\nZNEWCOMER_T,E2E Newcomer,Test table\n';
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'tables.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const preview = dialog.getByTestId('import-preview');
  await expect(preview.getByTestId('import-preview-counts')).toHaveText('1 new · 1 changed · 0 unchanged');
  await expect(preview.getByRole('list', { name: 'Changed entries' })).toContainText(/USR02: category ".+" → "User Administration"/);
  await expect(preview.getByRole('list', { name: 'Categories matched' })).toContainText('Category "Benutzerverwaltung" is filed under the existing "User Administration"');
  await expectNoSeriousA11yViolations(page, 'import preview');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  // Closed without confirming: nothing was written.
  await page.getByRole('textbox', { name: 'Search' }).fill('ZNEWCOMER_T');
  await expect(page.getByText('ZNEWCOMER_T')).toHaveCount(0);
});
