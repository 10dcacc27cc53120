/**
 * The results page as an auditor reads it at 1280 and 390 px:
 * - the suspicious patterns page from the server past those the result carries (report.json keeps
 *   the first 1,000, REPORT_JSON_PATTERNS; SuspiciousPatternsCard asks GET /results/{id}/patterns
 *   for the others), and every page is axe clean;
 * - the findings table's Time column keeps the date and the time of day on one line at 1280 px;
 * - German exports (tests/fixtures/de) uploaded together give the cases the command line gives.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
// The regular user, not the administrator: these uploads are dated November 2026, and the
// administrator's analyses are what results-screens.spec.ts's Analytics test reads as 3 Mar – 14 Jul 2025.
import { E2E_USER } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, screenshot, signIn, test } from './support/fixtures.ts';

const LOGONS = 1_100; // more than the 1,000 patterns report.json carries
const START = Date.UTC(2026, 10, 16, 8, 0, 0);
const STEP_MS = 20 * 60_000;
const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (ms: number) => {
  const d = new Date(ms);
  return { date: `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`, time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`, iso: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00` };
};

/** DDIC logs on every 20 minutes: each logon of the privileged standard user is a PRIVILEGED_USER_LOGON pattern. */
function ddicLogons(): { name: string; mimeType: string; buffer: Buffer } {
  const rows = ['Date,Time,Cl.,User,Terminal Name,Peer,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3'];
  for (let i = 0; i < LOGONS; i++) {
    const { date, time } = stamp(START + i * STEP_MS);
    rows.push(`${date},${time},100,DDIC,PC-D1,10.1.0.1:3200,,SAPMSYST,AU1,Logon successful (type=A method=A),A,,A`);
  }
  return { name: 'sm20-ddic-logons.csv', mimeType: 'text/csv', buffer: Buffer.from(`${rows.join('\n')}\n`, 'utf8') };
}

async function analyse(page: Page): Promise<void> {
  await page.goto('/upload');
  await page.locator('input[type=file]').setInputFiles(ddicLogons());
  await page.getByRole('button', { name: 'Start Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: 'View Detailed Results' }).click();
  await expect(page).toHaveURL(/\/results\/[\w-]+$/);
}

const patternsCard = (page: Page) => page.locator('section[aria-labelledby="patterns-title"]');

// The administrator's account: the other suites count the user's analyses and files.
test.describe.configure({ mode: 'serial' });

let resultsUrl = '';

test('the suspicious patterns page past the ones the result carries, from the server, at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, E2E_USER);
  await analyse(page);
  resultsUrl = page.url();
  const card = patternsCard(page);
  await expect(card.getByText(`${LOGONS.toLocaleString('en-US')} found, most severe first.`)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('pattern-row')).toHaveCount(25);

  // Page 44, the last: patterns 1,076–1,100, none of which the result carries; the page is asked of the server.
  const lastPage = Math.ceil(LOGONS / 25);
  const asked = page.waitForResponse((r) => r.url().includes('/patterns?offset=1075&limit=25') && r.status() === 200);
  await card.getByRole('button', { name: String(lastPage), exact: true }).click();
  await asked;
  await expect(card.getByText(`1,076–1,100 of ${LOGONS.toLocaleString('en-US')}`)).toBeVisible();
  const rows = card.getByTestId('pattern-row');
  await expect(rows).toHaveCount(25);
  // All the same level: the server's order is by time, so the last page ends with the last logon.
  await expect(rows.last()).toContainText(stamp(START + (LOGONS - 1) * STEP_MS).iso);
  await expect(rows.first()).toContainText(stamp(START + 1075 * STEP_MS).iso);
  await expect(rows.first()).toContainText('DDIC');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'patterns-paged-past-carried-1280', false);
  await expectNoSeriousA11yViolations(page, 'suspicious patterns paged past the carried ones at 1280 px');

  // One page back, then forward by the Next control: the page just past the first 1,000 (1,001–1,025).
  await card.getByRole('button', { name: '41', exact: true }).click();
  await expect(card.getByText(`1,001–1,025 of ${LOGONS.toLocaleString('en-US')}`)).toBeVisible();
  await expect(rows.first()).toContainText(stamp(START + 1000 * STEP_MS).iso);

  // 390 px: user, time and activity under each finding, no sideways scrolling; the pager still reaches the server's pages.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByTestId('pattern-who').first()).toContainText(`DDIC · ${stamp(START + 1000 * STEP_MS).iso}`);
  const next = page.waitForResponse((r) => r.url().includes('/patterns?offset=1025&limit=25') && r.status() === 200);
  await card.getByRole('button', { name: 'Next page of patterns' }).click();
  await next;
  await expect(card.getByText(`1,026–1,050 of ${LOGONS.toLocaleString('en-US')}`)).toBeVisible();
  await expect(card.getByTestId('pattern-who').first()).toContainText(stamp(START + 1025 * STEP_MS).iso);
  expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'patterns-paged-past-carried-390', false);
  await expectNoSeriousA11yViolations(page, 'suspicious patterns paged past the carried ones at 390 px');
});

test('the findings table keeps each time on one line at 1280 px and says it is updating after a review; at 390 px each finding is a card', async ({ page }) => {
  test.setTimeout(120_000);
  expect(resultsUrl, 'the first test made the analysis').not.toBe('');
  await signIn(page, E2E_USER);
  await page.goto(resultsUrl);
  const findings = page.locator('table[aria-label="Findings"]');
  const times = findings.getByTestId('finding-time');
  await expect(times.first()).toContainText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/, { timeout: 30_000 });
  // How many lines each cell's text takes: its line boxes' distinct tops.
  const lines = await times.evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    }),
  );
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((n) => n === 1), `lines per time cell: ${lines.join(',')}`).toBe(true);
  await findings.scrollIntoViewIfNeeded();
  await screenshot(page, 'findings-time-1280', false);
  await expectNoSeriousA11yViolations(page, 'findings table at 1280 px');

  // After a review the counts shown are the old ones until the list is read again: the card says it is updating.
  const progress = page.getByTestId('review-progress');
  const before = (await progress.textContent()) ?? '';
  let hold: () => void = () => {};
  const held = new Promise<void>((r) => (hold = r));
  await page.route(/\/findings\?/, async (route) => {
    await held;
    await route.continue();
  });
  await findings.locator('tbody tr').first().getByRole('button', { name: /^Review / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Escalated', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save review' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('review-progress-updating')).toBeVisible();
  await expect(progress).toHaveText(before);
  hold();
  await expect(page.getByTestId('review-progress-updating')).toHaveCount(0);
  await expect(progress).toContainText('1 of ');
  await page.unroute(/\/findings\?/);

  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByTestId('finding-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('table[aria-label="Findings"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
  await cards.first().scrollIntoViewIfNeeded();
  await screenshot(page, 'findings-time-390', false);
  await expectNoSeriousA11yViolations(page, 'findings cards at 390 px');
});

test('German exports chosen on the upload page and taken to the multi-file page give the critical cases the command line gives, and the settings they ran with', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_USER);
  // Chosen on the upload page, then Multi-File Analysis: the files go along, each to the slot its header shows.
  await page.goto('/upload');
  const de = (name: string) => join(import.meta.dirname, '..', 'fixtures', 'de', name);
  await page.locator('input[type=file]').setInputFiles(['sm20-de.csv', 'cdhdr-de.csv', 'cdpos-de.csv', 'tickets-de.csv'].map(de));
  await expect(page.getByText('tickets-de.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Multi-File Analysis' }).click();
  await expect(page).toHaveURL(/\/multi-upload$/);
  await expect(page.getByText('Files Ready for Analysis (4/4)')).toBeVisible();
  for (const [slot, name] of [['SM20', 'sm20-de.csv'], ['CDHDR', 'cdhdr-de.csv'], ['CDPOS', 'cdpos-de.csv'], ['TICKETS', 'tickets-de.csv']]) {
    await expect(page.locator(`[data-slot="${slot}"]`)).toContainText(name);
  }
  await page.getByRole('button', { name: 'Start Correlated Analysis' }).click();
  await expect(page.getByRole('heading', { name: /Analysis Complete/ }).first()).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: 'View Detailed Results' }).click();
  await expect(page).toHaveURL(/\/results\/[\w-]+$/);
  await expect(page.getByText('7 cases, 7 to review · 5 critical, 1 high, 1 medium')).toBeVisible({ timeout: 30_000 });
  for (const actor of ['PAYER', 'SAP*', 'ROLEADM', 'BASIS2', 'BASIS1']) await expect(page.locator('section').filter({ has: page.getByText(`User ${actor}`, { exact: true }) }).first()).toContainText(/critical/i);
  const patterns = patternsCard(page);
  await expect(patterns).toContainText('System opened for changes by BASIS1; 1 change until closed at 11:30:00');
  await expect(patterns).toContainText('Sensitive role SAP_BC_BASIS_ADMIN to JDOE');
  await expect(patterns).toContainText('then payment transaction F110 at 2026-11-18 14:00:00');
  const settings = page.getByTestId('analysis-settings');
  await expect(settings).toContainText('Data period: 2026-11-16 08:05:12 to 2026-11-20 09:20:00');
  await expect(settings).toContainText('Time zone: UTC');
  await expectNoSeriousA11yViolations(page, 'results of German exports');
});
