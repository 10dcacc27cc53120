/**
 * Risk Management against the real local stack (issue 6): an administrator adds, edits and
 * deletes a high-risk table, imports transaction codes, sees every change in the audit log, and
 * approves an access request, after which the invited user signs in and sets a new password.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { E2E_ADMIN } from './support/credentials.ts';
import { expect, signIn, test } from './support/fixtures.ts';

/** A fresh SAP-shaped ID per run, so reruns against a kept data folder never collide. */
function uniqueId(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296).toString(36).toUpperCase()}`;
}

async function openRiskManagement(page: Page): Promise<void> {
  await page.goto('/risk-management');
  await expect(page.getByRole('heading', { name: 'Risk Management' })).toBeVisible();
}

async function chooseOption(page: Page, scope: ReturnType<Page['getByRole']>, combobox: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

/**
 * The temporary password of a local invitation. The local stack writes invitations to
 * invitations.log in its data folder (never e-mailed); the suite's folder is a temp dir named
 * sap-analyzer-e2e-*, and the e-mail is unique to this run.
 */
async function invitedPassword(email: string): Promise<string> {
  for (const dir of (await readdir(tmpdir())).filter((d) => d.startsWith('sap-analyzer-e2e-'))) {
    const text = await readFile(join(tmpdir(), dir, 'invitations.log'), 'utf8').catch(() => '');
    const entry = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { email: string; temporaryPassword: string }).find((e) => e.email === email);
    if (entry) return entry.temporaryPassword;
  }
  throw new Error(`No local invitation for ${email} in ${tmpdir()}/sap-analyzer-e2e-*/invitations.log`);
}

/** The administrator signs in once; each test starts from that saved session (tokens in localStorage). */
const ADMIN_SESSION = join(tmpdir(), `e2e-risk-admin-session-${process.pid}.json`);

test.describe('Risk Management (admin)', () => {
  test.use({ storageState: ADMIN_SESSION });

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, storageState: undefined });
    await signIn(await context.newPage(), E2E_ADMIN);
    await context.storageState({ path: ADMIN_SESSION });
    await context.close();
  });

  test.afterAll(async () => {
    await rm(ADMIN_SESSION, { force: true });
  });

  test('adds, edits and deletes a high-risk table, and the audit log shows each change', async ({ page }) => {
    const id = uniqueId('ZE2E_');
    await openRiskManagement(page);

    // Seeded defaults are listed.
    const tables = page.getByRole('table', { name: 'High-Risk Tables' });
    await expect(tables.getByRole('row')).not.toHaveCount(0);

    await page.getByRole('button', { name: 'Add Table' }).click();
    const add = page.getByRole('dialog', { name: 'Add Table' });
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add.getByText('Table is required')).toBeVisible();
    await expect(add.getByText('Category is required')).toBeVisible();
    await add.getByRole('combobox', { name: 'Table' }).fill(id.toLowerCase());
    await expect(add.getByRole('combobox', { name: 'Table' })).toHaveValue(id);
    await chooseOption(page, add, 'Category', '+ Add new category');
    await add.getByRole('textbox', { name: 'New category' }).fill('E2E Tests');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'Table added successfully')).toBeVisible();
    await expect(add).toBeHidden();

    await page.getByRole('textbox', { name: 'Search' }).fill(id);
    const row = page.locator(`tr[data-item-id="${id}"]`);
    await expect(row).toContainText('E2E Tests');

    await row.getByRole('button', { name: `Edit ${id}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Table' });
    await expect(edit.getByRole('textbox', { name: 'Table' })).toBeDisabled();
    await chooseOption(page, edit, 'Category', '+ Add new category');
    await edit.getByRole('textbox', { name: 'New category' }).fill('E2E Reviewed');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Table updated successfully')).toBeVisible();
    await expect(row).toContainText('E2E Reviewed');

    await row.getByRole('button', { name: `Delete ${id}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm removal' });
    await expect(confirm).toContainText(`Are you sure you want to remove ${id} from high-risk tables?`);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Table removed successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No high-risk tables found')).toBeVisible();

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(page.getByText(/^Showing last \d+ changes$/)).toBeVisible();
    const entries = page.getByRole('table', { name: 'Audit Log' }).getByRole('row').filter({ hasText: id });
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText('DELETE');
    await expect(entries.nth(1)).toContainText('UPDATE');
    await expect(entries.nth(1)).toContainText('category: E2E Tests → E2E Reviewed');
    await expect(entries.nth(1)).not.toContainText('lastModified');
    await expect(entries.nth(2)).toContainText('CREATE');
  });

  test('imports transaction codes from CSV, listing the rows it refused', async ({ page }) => {
    const good = uniqueId('ZT');
    await openRiskManagement(page);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import High-Risk Items' });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText('Please select a file to import')).toBeVisible();

    await chooseOption(page, dialog, 'Import type', 'High-Risk Transaction Codes');
    const csv = `TCODE,CATEGORY\n${good},E2E Import\nNOT A CODE!,E2E Import\n`;
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'tcodes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    // A preview first (issue 27): nothing is written until Confirm import.
    await expect(dialog.getByTestId('import-preview-counts')).toHaveText('1 new · 0 changed · 0 unchanged · 1 rows refused');
    await dialog.getByRole('button', { name: 'Confirm import', exact: true }).click();
    const result = dialog.getByTestId('import-result');
    await expect(result).toContainText('Imported 1 transaction codes');
    const refused = result.getByRole('list', { name: 'Import errors' }).getByRole('listitem');
    await expect(refused).toHaveCount(1);
    await expect(refused.first()).toContainText('Row 3: TCODE "NOT A CODE!" is not');
    // Imported, but not an SAP transaction code the master list knows: said as a warning.
    await expect(result.getByRole('list', { name: 'Import warnings' })).toContainText(`${good}: not in the SAP master list of transaction codes`);
    await expect(toast(page, 'Successfully imported 1 transaction codes')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByRole('tab', { name: 'High-Risk Tcodes' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill(good);
    await expect(page.locator(`tr[data-item-id="${good}"]`)).toContainText('E2E Import');

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(page.getByRole('table', { name: 'Audit Log' }).getByRole('row').filter({ hasText: good }).first()).toContainText('IMPORT');
  });

  test('approves a pending access request; the invited user sets a new password at first sign-in', async ({ page, request, baseURL }) => {
    const email = `${uniqueId('e2e-').toLowerCase()}@example.com`;
    const config = await (await request.get(`${baseURL}/config.json`)).json();
    const submitted = await request.post(`${config.apiUrl}/request-access`, {
      data: { email, firstName: 'Erin', lastName: 'Tester', organization: 'E2E Audit GmbH', jobTitle: 'Auditor', reason: 'Quarterly SAP review' },
    });
    expect(submitted.status()).toBe(201);

    await openRiskManagement(page);
    await page.getByRole('tab', { name: 'Access Requests' }).click();
    const card = page.getByRole('article', { name: `Access request from ${email}` });
    await expect(card).toContainText('Organization: E2E Audit GmbH');
    await expect(card).toContainText('Reason: Quarterly SAP review');

    await card.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve access request' });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(page, `Access approved for ${email}; an invitation was sent`)).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(page.getByRole('table', { name: 'Audit Log' }).getByRole('row').filter({ hasText: 'APPROVE' }).first()).toContainText('status: pending → approved');

    // The invited user's first sign-in asks for a new password (Amplify's new-password step).
    const temporaryPassword = await invitedPassword(email);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(temporaryPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Set a New Password')).toBeVisible({ timeout: 30_000 });
    const newPassword = 'Erin-New-Pass-42!';
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('heading', { name: 'SAP Security Analyzer', level: 2 })).toBeVisible({ timeout: 30_000 });
    // Not an administrator: Risk Management stays closed.
    await page.goto('/risk-management');
    await expect(page.getByText('You need administrator privileges to access this feature')).toBeVisible();
  });

  test('exports both lists as CSV files that name their columns', async ({ page }) => {
    await openRiskManagement(page);
    const downloads: Promise<import('@playwright/test').Download>[] = [];
    const both = new Promise<void>((resolve) => {
      page.on('download', (d) => {
        downloads.push(Promise.resolve(d));
        if (downloads.length === 2) resolve();
      });
    });
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByText(/^Exported \d+ tables and \d+ transaction codes$/)).toBeVisible();
    await both;
    const [tables, tcodes] = await Promise.all(downloads);
    expect(tables.suggestedFilename()).toMatch(/high_risk_tables.*\.csv$/);
    expect(tcodes.suggestedFilename()).toMatch(/high_risk_tcodes.*\.csv$/);
    const tablesCsv = await readFile((await tables.path())!, 'utf8');
    const tcodesCsv = await readFile((await tcodes.path())!, 'utf8');
    expect(tablesCsv.split(/\r?\n/)[0]).toContain('TABNAME');
    expect(tablesCsv).toContain('USR02');
    expect(tcodesCsv.split(/\r?\n/)[0]).toContain('TCODE');
    expect(tcodesCsv).toContain('SU01');
    const toastText = await page.getByText(/^Exported \d+ tables and \d+ transaction codes$/).textContent();
    const [, tableCount, tcodeCount] = /Exported (\d+) tables and (\d+) transaction codes/.exec(toastText ?? '')!;
    expect(tablesCsv.trim().split(/\r?\n/)).toHaveLength(Number(tableCount) + 1);
    expect(tcodesCsv.trim().split(/\r?\n/)).toHaveLength(Number(tcodeCount) + 1);
  });

  test('has no serious or critical accessibility violations (lists, add dialog, audit log, dark mode)', async ({ page }) => {
    await openRiskManagement(page);
    // A short list keeps axe quick; the rows are the same markup whatever their number.
    await page.getByRole('textbox', { name: 'Search' }).fill('USR0');
    await expect(page.getByRole('table', { name: 'High-Risk Tables' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'risk management');

    await page.getByRole('button', { name: 'Add Table' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Table' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'add table dialog');
    await page.getByRole('dialog', { name: 'Add Table' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Table' })).toBeHidden();

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(page.getByText(/^Showing last \d+ changes$|^No audit logs found$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'audit log');

    await page.getByRole('switch', { name: 'Dark mode' }).check();
    await page.getByRole('tab', { name: 'High-Risk Tcodes' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill('SU0');
    await expect(page.getByRole('table', { name: 'High-Risk Tcodes' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'risk management (dark)');
  });
});
