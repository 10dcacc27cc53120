/**
 * Issue 15's screens in the real app: the no-records card, findings first, the flag-detail record
 * view at 1280 and 390 px, the analytics period of data spread over months, slots by content,
 * several files on the single upload page, and the Dashboard link after viewing a result.
 */
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, navLink, screenshot, signIn, test } from './support/fixtures.ts';

const SM20_HEADER = 'Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3';
const sm20Row = (date: string, time: string, user: string, tcode: string, event: string, text: string, var1 = '') =>
  `${date},${time},100,${user},PC01,${tcode},SAPMSSY1,${event},${text},${var1},,`;

// Records in March 2025 and one day in July 2025: the analytics must show the whole period.
const SM20_MONTHS = [
  SM20_HEADER,
  ...[0, 1, 2, 3, 4, 5].map((i) => sm20Row('03.03.2025', `09:0${i}:00`, 'MALLORY', '', 'AU2', 'Logon failed (reason=1)')),
  sm20Row('03.03.2025', '09:08:00', 'MALLORY', '', 'AU1', 'Logon successful (type=A)'),
  sm20Row('04.03.2025', '22:10:00', 'JSMITH', 'SE38', 'CUL', 'Field contents changed: BSEG-DMBTR', 'BSEG'),
  sm20Row('04.03.2025', '22:15:00', 'JSMITH', 'SE16N', 'DU9', 'Generic table access call to BSEG with activity 02 (auth. check: 0)', 'BSEG'),
  sm20Row('20.03.2025', '10:00:00', 'JSMITH', 'SU01', 'AU3', 'Transaction SU01 started.', 'SU01'),
  sm20Row('14.07.2025', '11:30:00', 'JSMITH', 'PFCG', 'AU3', 'Transaction PFCG started.', 'PFCG'),
].join('\n');

const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text + '\n', 'utf8') });

async function uploadSingle(page: Page, files: ReturnType<typeof csv>[]) {
  await page.goto('/upload');
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByRole('button', { name: 'Start Analysis' }).click();
}

test.describe.configure({ mode: 'serial' });

test('an export with a header and no records reads No data, never Clean; the Dashboard link and a reload show the dashboard', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, E2E_ADMIN);
  await uploadSingle(page, [csv('sm20_empty.csv', SM20_HEADER)]);
  await expect(page).toHaveURL(/\/analysis\/[\w-]+$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('No data - No records were found')).toBeVisible();
  await expect(page.getByTestId('no-records-notice')).toContainText('No records were found in the file(s)');
  await expect(page.getByText(/Clean/)).toHaveCount(0);
  await screenshot(page, 'no-records-card');

  await page.getByRole('button', { name: 'View Detailed Results' }).click();
  await expect(page).toHaveURL(/\/results\/[\w-]+$/);
  await expect(page.getByTestId('no-records-notice')).toBeVisible();
  await screenshot(page, 'no-records-results');

  await navLink(page, 'Dashboard').click();
  await expect(page.getByRole('heading', { name: 'SAP Security Analyzer', level: 2 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'SAP Security Analyzer', level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /Analysis Complete/ })).toHaveCount(0);
  const recent = page.getByTestId('recent-analysis').filter({ hasText: 'sm20_empty.csv' });
  await expect(recent.locator('[data-risk]')).toHaveText('No data');
  await screenshot(page, 'dashboard-no-data');
});

test('findings first, and the flag-detail record view reads at 1280 and at 390 px', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, E2E_ADMIN);
  await uploadSingle(page, [csv('sm20_months.csv', SM20_MONTHS)]);
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: 'View Detailed Results' }).click();
  await expect(page.getByText('Detection Flags')).toBeVisible();

  const levels = await page.getByTestId('pattern-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-level')));
  expect(levels.length).toBeGreaterThan(0);
  const rank = (l: string | null) => ['critical', 'high', 'medium', 'low'].indexOf(l ?? '');
  expect(levels.map(rank)).toEqual([...levels.map(rank)].sort((a, b) => a - b));
  // No badge is cut short: each shows its whole word.
  for (const badge of await page.getByTestId('pattern-row').locator('.mantine-Badge-label').all()) {
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
  await screenshot(page, 'results-findings-first');
  await expectNoSeriousA11yViolations(page, 'results with findings first');

  for (const [width, height, name] of [[1280, 900, 'flag-detail-1280'], [390, 844, 'flag-detail-390']] as const) {
    await page.setViewportSize({ width, height });
    await page.locator('button[data-flag="DEBUG_FLAG"]').click();
    const modal = page.getByRole('dialog');
    const first = modal.getByTestId('flag-sample-record').first();
    await expect(first).toBeVisible({ timeout: 20_000 });
    const reason = first.getByTestId('sample-reason');
    await expect(reason).toBeInViewport();
    await expect(first.getByTestId('key-field-user')).toContainText('JSMITH');
    await expect(first.getByTestId('key-field-time')).toContainText('2025');
    // Nothing wider than the screen: no sideways scrolling to reach the reason or a field.
    const overflow = await modal.locator('.mantine-Modal-body').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, name, false);
    await first.getByRole('button', { name: /^All fields/ }).click();
    await expect(first.getByTestId('sample-all-fields')).toBeVisible();
    await screenshot(page, `${name}-all-fields`, false);
    await expectNoSeriousA11yViolations(page, `flag detail record view at ${width} px`);
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(modal).toHaveCount(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('analytics cover the period of the records, March to July, with a range picker', async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await navLink(page, 'Analytics').click();
  const period = page.getByTestId('timeline-period');
  await expect(period).toContainText('The data analysed covers 3 Mar 2025 – 14 Jul 2025 (134 days).', { timeout: 30_000 });
  await expect(period).toContainText('Showing 3 Mar 2025 – 14 Jul 2025');
  await expect(page.getByLabel('Security Events Timeline chart')).toBeVisible();
  await screenshot(page, 'analytics-whole-period');
  await page.getByText('Last 30 days of the data').click();
  await expect(period).toContainText('Showing 15 Jun 2025 – 14 Jul 2025 (30 days).');
  const cells = page.locator('td[data-count]');
  await expect(cells.first()).toHaveAttribute('title', /records$/);
  await screenshot(page, 'analytics-last-30');
  await expectNoSeriousA11yViolations(page, 'analytics period picker');
});

test('the app has a favicon', async ({ request }) => {
  for (const [path, type] of [['/favicon.ico', 'image/x-icon'], ['/favicon.svg', 'image/svg+xml']] as const) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe(type);
  }
  expect((await (await request.get('/favicon.ico')).body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});

test('multi-file upload places files by their content and lets the user move one', async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto('/multi-upload');
  await page.locator('input[type=file]').setInputFiles([
    csv('helpdesk6.csv', 'Number,Short description,Description,Caller,Assigned to,Opened,Closed,State\nINC1,Change vendor bank,approved,JSMITH,ALICE,2025-03-01 09:00:00,,Open'),
    csv('sm20_export.csv', 'OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND\nKRED,0000100001,0000458713,BOB,20250304,081500,XK02,U'),
  ]);
  await expect(page.getByText('Files Ready for Analysis (2/4)')).toBeVisible();
  await expect(page.locator('[data-slot="TICKETS"]')).toContainText('helpdesk6.csv');
  await expect(page.locator('[data-slot="TICKETS"]')).toContainText('Type read from the content');
  await expect(page.locator('[data-slot="CDHDR"]')).toContainText('sm20_export.csv');
  await expect(page.locator('[data-slot="SM20"]')).toContainText('No file');
  await screenshot(page, 'multi-upload-by-content');
  await expectNoSeriousA11yViolations(page, 'multi-upload slots by content');
  await page.getByRole('combobox', { name: 'Move helpdesk6.csv to another slot' }).selectOption('CDPOS');
  await expect(page.locator('[data-slot="CDPOS"]')).toContainText('Placed by you');
  await expect(page.locator('[data-slot="TICKETS"]')).toContainText('No file');
});

test('several files on the upload page end on a linked list of the analyses started', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN);
  await uploadSingle(page, [csv('first_sm20.csv', SM20_MONTHS), csv('second_sm20.csv', SM20_MONTHS)]);
  const card = page.getByTestId('started-analyses');
  await expect(card).toContainText('2 analyses started', { timeout: 60_000 });
  await expect(card.getByRole('link', { name: 'first_sm20.csv' })).toHaveAttribute('href', /\/analysis\/[\w-]+$/);
  await expect(card.getByRole('link', { name: 'second_sm20.csv' })).toHaveAttribute('href', /\/analysis\/[\w-]+$/);
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/upload$/);
  await screenshot(page, 'upload-several-files');
  await card.getByRole('link', { name: 'second_sm20.csv' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });

  await navLink(page, 'Analysis History').click();
  await expect(page.getByTestId('history-files').filter({ hasText: 'first_sm20.csv' })).toBeVisible();
  await screenshot(page, 'history-file-names');
});

test('risk management names people by e-mail, pages the lists and merges near-duplicate categories', async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.goto('/risk-management');
  await page.getByRole('tab', { name: 'High-Risk Tcodes' }).click();
  const table = page.getByRole('table', { name: 'High-Risk Tcodes' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('risk-list-range')).toContainText('Showing 1–50 of');
  await page.getByRole('textbox', { name: 'Category filter for High-Risk Tcodes' }).or(page.getByRole('combobox', { name: 'Category filter for High-Risk Tcodes' })).click();
  const options = await page.getByRole('option').allTextContents();
  for (const alias of ['Financial Posting', 'Payment', 'Jobs']) expect(options).not.toContain(alias);
  expect(options).toEqual(expect.arrayContaining(['Finance', 'Payment & Banking', 'Job Scheduling']));
  await page.keyboard.press('Escape');
  await screenshot(page, 'risk-management-tcodes');

  // A change by the administrator names them by e-mail in the audit log.
  await table.getByRole('button', { name: /^Edit / }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Category' }).or(dialog.getByRole('textbox', { name: 'Category' })).click();
  await page.getByRole('option', { name: 'Finance', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(page.getByRole('table', { name: 'Audit Log' }).getByText(E2E_ADMIN.email).first()).toBeVisible();
  await screenshot(page, 'risk-management-audit-log');
});
