/**
 * Issue 27, what was still missing after round 3's first session: an unknown header refused on
 * both upload pages, a tickets-only analysis that says why it is No data, pattern texts with the
 * thresholds (timeline, rules page) and one name per risk category in the filter. At 1280 and
 * 390 px, axe clean.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, signIn, test } from './support/fixtures.ts';

test.describe.configure({ mode: 'serial' });

const TICKETS = readFileSync(join(import.meta.dirname, '..', '..', 'packages', 'core', 'src', 'engine', 'fixtures', 'tickets.csv'));
const WIDTHS = [1280, 390];
const UNKNOWN = { name: 'people.txt', mimeType: 'text/plain', buffer: Buffer.from('Name;Age;City\nBob;33;Berlin\n') };
const REFUSAL = /people\.txt: the file's header names none of the columns of an SM20, CDHDR, CDPOS or ticket export \(found: "Name", "Age", "City"\)\. Expected e\.g\. SM20/;

test('a text file whose header names no known export is refused on the single and the multi-file page, saying what was found and what is expected', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/upload');
    await page.locator('input[type=file]').setInputFiles(UNKNOWN);
    await expect(page.getByText(REFUSAL).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Analysis' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page, `upload refusal at ${width} px`);

    await page.goto('/multi-upload');
    await page.locator('input[type=file]').setInputFiles(UNKNOWN);
    await expect(page.getByText(REFUSAL).first()).toBeVisible();
    await expect(page.getByText('Files Ready for Analysis (0/4)')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `multi-upload refusal at ${width} px`);
  }
});

test('an analysis of ticket files alone says No data and why, on Analysis Complete and on the results page', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  await page.goto('/upload');
  await page.locator('input[type=file]').setInputFiles({ name: 'tickets.csv', mimeType: 'text/csv', buffer: TICKETS });
  await page.getByRole('button', { name: 'Start Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });
  const words = 'No data — tickets alone: upload SM20 or change documents to analyse';
  await expect(page.getByText(words)).toBeVisible();
  await expect(page.getByText(/^Clean/)).toHaveCount(0);
  await page.getByRole('button', { name: 'View Detailed Results' }).click();
  await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    const badge = page.getByText(words);
    await expect(badge).toBeVisible();
    await expect(page.getByText('No data - No records were found')).toHaveCount(0);
    const box = await badge.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page, `tickets-only results at ${width} px`);
  }
});

async function setBurst(page: Page, count: number, minutes: number): Promise<void> {
  await page.goto('/risk-management');
  await page.getByRole('tab', { name: 'Thresholds' }).click();
  await page.getByRole('textbox', { name: 'Failed logons per burst' }).fill(String(count));
  await page.getByRole('textbox', { name: 'Burst window in minutes' }).fill(String(minutes));
  await page.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();
}

test("the rules page and the timeline state the thresholds of the administrator's settings, not a hard-coded five", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, E2E_ADMIN);
  await setBurst(page, 3, 7);
  try {
    await page.goto('/rules');
    const row = page.locator('tr[data-rule-id="PAT-FAILED-LOGON-BURST"]');
    await expect(row.getByTestId('rule-summary')).toHaveText('3 or more failed logons for one user or from one terminal or address within 7 minutes.');
    await expect(page.getByTestId('rules-thresholds-note')).toContainText('as an administrator set them');

    // Four failed logons of KWEBER within three minutes: a burst at 3 in 7 minutes. Dated inside the
    // period results-screens.spec.ts's analytics test expects (3 Mar – 14 Jul 2025): Analytics merges
    // the latest analysis of every file name of the user, this one included.
    const lines = ['Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3'];
    for (let i = 0; i < 4; i++) lines.push(`05.05.2025,10:0${i}:00,100,KWEBER,PC07,,,AU2,"Logon failed (reason=1, type=A)",,,`);
    await page.goto('/upload');
    await page.locator('input[type=file]').setInputFiles({ name: 'sm20_burst.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });
    await page.getByRole('button', { name: 'Start Analysis' }).click();
    await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });
    await page.getByRole('button', { name: 'View Detailed Results' }).click();
    await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
    const resultsUrl = page.url();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      // The results page's pattern table: the user on screen at both widths (390 px: under the finding).
      await page.goto(resultsUrl);
      const who = page.getByTestId('pattern-row').first().getByText('KWEBER', { exact: false }).first();
      await expect(who).toBeVisible({ timeout: 30_000 });
      const box = await who.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.goto(`${resultsUrl}/timeline?user=KWEBER`);
      await expect(page.getByText(/^3 or more failed logons within 7 minutes: /).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('pattern-explanation').first()).toContainText('3 or more failed logons for one user or from one terminal within 7 minutes');
      await expect(page.getByText(/[Ff]ive or more|5 or more failed logons/)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `timeline thresholds at ${width} px`);
      await page.goto('/rules');
      await expect(page.locator('tr[data-rule-id="PAT-FAILED-LOGON-BURST"]').getByTestId('rule-summary')).toContainText('3 or more failed logons');
      await expectNoSeriousA11yViolations(page, `rules thresholds at ${width} px`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
    await setBurst(page, 5, 10);
  }
});

test('the category filter offers one of each: User Administration and System Administration, never their near-duplicates', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/risk-management');
    for (const tab of ['High-Risk Tables', 'High-Risk Tcodes']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('table', { name: tab }).or(page.getByRole('list', { name: tab })).first()).toBeVisible({ timeout: 30_000 });
      await page.getByRole('textbox', { name: `Category filter for ${tab}` }).or(page.getByRole('combobox', { name: `Category filter for ${tab}` })).click();
      const options = await page.getByRole('option').allTextContents();
      expect(options).toEqual(expect.arrayContaining(['User Administration', 'System Administration']));
      expect(options).not.toContain('User & Authorization');
      expect(options).not.toContain('System Configuration');
      await page.keyboard.press('Escape');
    }
    await expectNoSeriousA11yViolations(page, `risk categories at ${width} px`);
  }
});
