import { join } from 'node:path';
import { E2E_USER } from './support/credentials.ts';
import { expect, navLink, screenshot, signIn, test } from './support/fixtures.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'web');

test('single upload: rejection toast with Learn more, real upload, Analysis Complete, File Manager', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, E2E_USER);
  await navLink(page, 'Upload Files').click();
  await expect(page.getByRole('heading', { name: 'Upload SAP Audit Files' })).toBeVisible();
  await expect(page.getByText('File Requirements')).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByText('notes.pdf: Invalid file type. Please use CSV, TSV, TXT or Excel files')).toBeVisible();
  await page.getByRole('button', { name: 'Learn more' }).click();
  await expect(page).toHaveURL(/\/help#file-requirements$/);
  await expect(page.locator('#file-requirements')).toContainText('File Requirements');

  await navLink(page, 'Upload Files').click();
  await page.locator('input[type=file]').setInputFiles(join(FIXTURES, 'sm20.csv'));
  await expect(page.getByText('1 file(s) added successfully')).toBeVisible();
  await expect(page.getByText(/Estimated time: about 30 seconds/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Selected files' })).toContainText('sm20.csv');
  await screenshot(page, 'upload');
  await page.getByRole('button', { name: 'Start Analysis' }).click();
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Files uploaded; the analysis has started and its progress page opens next')).toBeVisible();
  await expect(page.getByText('Complete', { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/analysis\/[\w-]+$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('File Type')).toBeVisible();
  await expect(page.getByText('SM20', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Start New Analysis' }).click();
  await expect(page).toHaveURL(/\/upload$/);

  await navLink(page, 'File Manager').click();
  const row = page.getByTestId('file-row').filter({ hasText: 'sm20.csv' }).first();
  await expect(row).toContainText('ready');
  // What the file is, from its header, never the storage format (issue 27).
  await expect(row.getByTestId('file-type')).toHaveText('SM20');
  await screenshot(page, 'file-manager');
  const before = await page.getByTestId('file-row').count();
  await row.getByRole('button', { name: 'Delete sm20.csv' }).click();
  await expect(page.getByText('Are you sure you want to delete this file?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('file-row')).toHaveCount(before - 1);
});
