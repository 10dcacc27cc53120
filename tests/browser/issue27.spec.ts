/**
 * Issue 27, what a newcomer tripped over: results at their own address, every upload path taking
 * .txt, phone layouts, wording that says what is measured.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_ADMIN, E2E_USER } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, screenshot, signIn, test } from './support/fixtures.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'web');

test.describe.configure({ mode: 'serial' });

let resultsUrl = '';

async function analyseSm20(page: Page): Promise<string> {
  await page.goto('/upload');
  await page.locator('input[type=file]').setInputFiles(join(FIXTURES, 'sm20.csv'));
  await page.getByRole('button', { name: 'Start Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: 'View Detailed Results' }).click();
  await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  return page.url();
}

test('results have their own address: a second tab opens the same analysis; an unknown or foreign one is not found', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  resultsUrl = await analyseSm20(page);
  const analysisId = resultsUrl.split('/').at(-1)!;
  await expect(page.getByText(`Analysis ID: ${analysisId}`)).toBeVisible();

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
