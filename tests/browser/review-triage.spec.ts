import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FINDINGS_COLUMNS } from '@app/core/review/index.ts';
import { readXlsxSheets } from '@app/core/report/read-xlsx-sheets.ts';
import { E2E_ADMIN } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { analyseOne, expect, navLink, screenshot, signIn, test, WEB_FIXTURES } from './support/fixtures.ts';

// The administrator's account: the other suites count the user's analyses and files.
test('triage from the results page, bulk escalation, the findings workbook read back, the suppression expired', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  await analyseOne(page, join(WEB_FIXTURES, 'sm20.csv'));

  const card = page.getByRole('region', { name: 'Findings' });
  const progress = card.getByTestId('review-progress');
  await expect(progress).toHaveText(/^0 of (\d+) findings reviewed/);
  const total = Number(/of (\d+)/.exec((await progress.textContent())!)![1]);
  expect(total).toBeGreaterThanOrEqual(3);

  // One finding: explained, with a ticket and a suppression for later analyses.
  const table = card.getByRole('table', { name: 'Findings' });
  const first = table.locator('tbody tr').first();
  const firstRule = (await first.locator('td').nth(2).locator('p').last().textContent())!;
  const firstUser = (await first.locator('td').nth(3).textContent())!;
  await first.getByRole('button', { name: /^Review / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Not reviewed yet.')).toBeVisible();
  // What the finding rests on: its record or pattern row.
  await expect(dialog.getByRole('region', { name: 'Evidence' })).toBeVisible();
  await dialog.getByText('Explained', { exact: true }).click();
  await dialog.getByLabel('Comment').fill('Approved user administration, see ticket');
  await dialog.getByLabel('Ticket').fill('CHG-4711');
  await dialog.getByLabel('Suppress this finding in later analyses').check();
  await screenshot(page, 'review-triage-dialog');
  await expectNoSeriousA11yViolations(page, 'triage dialog');
  await dialog.getByRole('button', { name: 'Save review' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(progress).toHaveText(new RegExp(`^1 of ${total} findings reviewed`));

  // Two open findings at once: escalated.
  await card.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Open', exact: true }).click();
  const openRows = table.locator('tbody tr');
  await openRows.nth(0).getByRole('checkbox').check();
  await openRows.nth(1).getByRole('checkbox').check();
  const bar = card.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Escalate' }).click();
  await expect(dialog).toContainText('Review 2 selected findings');
  await dialog.getByLabel('Comment').fill('No change request found');
  await dialog.getByRole('button', { name: 'Save review' }).click();
  await expect(progress).toHaveText(new RegExp(`^3 of ${total} findings reviewed`));
  await card.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'All statuses' }).click();
  await expect(table.getByText('Escalated', { exact: true })).toHaveCount(2);
  await screenshot(page, 'review-findings');
  await expectNoSeriousA11yViolations(page, 'results with findings');

  // The findings workbook: one row per finding with its review, evidence sheets for the reviewed ones.
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download findings' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sap-findings-[0-9a-f]{8}\.xlsx$/);
  const sheets = readXlsxSheets(new Uint8Array(await readFile((await download.path())!)));
  expect(sheets.map((s) => s.name).slice(0, 2)).toEqual(['About', 'Findings']);
  const rows = sheets[1]!.rows;
  expect(rows[0]).toEqual([...FINDINGS_COLUMNS, 'Evidence sheet']);
  expect(rows).toHaveLength(total + 1);
  const status = FINDINGS_COLUMNS.indexOf('Review status');
  const explained = rows.filter((r) => r[status] === 'explained');
  expect(explained).toHaveLength(1);
  expect(explained[0]![FINDINGS_COLUMNS.indexOf('Ticket')]).toBe('CHG-4711');
  expect(explained[0]![FINDINGS_COLUMNS.indexOf('Reviewer')]).toBe(E2E_ADMIN.email);
  expect(explained[0]![FINDINGS_COLUMNS.indexOf('Rule')]).toBe(firstRule);
  expect(rows.filter((r) => r[status] === 'escalated')).toHaveLength(2);
  expect(sheets.filter((s) => /^E\d+ /.test(s.name))).toHaveLength(3);
  const evidence = sheets.find((s) => s.name === explained[0]![FINDINGS_COLUMNS.length])!;
  expect(evidence.rows.slice(1).flat()).toContain('sm20.csv');
  expect(evidence.rows.slice(1).flat()).toContain(firstUser);

  // The suppression it created: listed, then expired.
  await navLink(page, 'Suppressions').click();
  const suppressions = page.getByRole('table', { name: 'Suppressions' });
  const row = suppressions.locator('tbody tr').filter({ hasText: 'Approved user administration, see ticket' });
  await expect(row).toContainText(firstRule);
  await expect(row).toContainText(firstUser);
  await expect(row).toContainText('active');
  await screenshot(page, 'review-suppressions');
  await expectNoSeriousA11yViolations(page, 'suppressions');
  // Expire asks first (issue 27): Cancel keeps it active, Expire now ends it.
  await row.getByRole('button', { name: /^Expire suppression/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Expire suppression' });
  await expect(confirm).toContainText('Analyses started from now on will report these findings again');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText('active');
  await row.getByRole('button', { name: /^Expire suppression/ }).click();
  await page.getByRole('dialog', { name: 'Expire suppression' }).getByRole('button', { name: 'Expire now' }).click();
  await expect(page.getByText('Suppression expired')).toBeVisible();
  await expect(suppressions.locator('tbody tr').filter({ hasText: 'Approved user administration, see ticket' })).toHaveCount(0);
  await page.getByText(/^Expired \(1\)$/).click();
  await expect(suppressions.locator('tbody tr').filter({ hasText: 'Approved user administration, see ticket' })).toContainText('expired');

  // The dashboard's recent analyses show the review progress too.
  await navLink(page, 'Dashboard').click();
  await expect(page.getByTestId('review-progress-line').filter({ hasText: new RegExp(`^3 of ${total} findings reviewed`) })).toHaveCount(1);
  await screenshot(page, 'review-dashboard');
});
