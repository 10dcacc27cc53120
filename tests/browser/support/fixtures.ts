import { test as base, expect, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { nextTotpCode } from '../../support/totp.ts';

/** Tests get the stack's URL (set by the global setup) as baseURL. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the local stack');
    await use(url);
  },
});
export { expect };

/**
 * Signs in through the Login screen and waits for the dashboard; an account with a TOTP secret
 * answers the two-factor step with a fresh code from it, as an authenticator app would.
 */
export async function signIn(page: Page, account: { email: string; password: string; totpSecret?: string }): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (account.totpSecret) await answerTotpStep(page, account.totpSecret);
  await expect(page.getByRole('heading', { name: 'SAP Security Analyzer', level: 2 })).toBeVisible({ timeout: 30_000 });
}

/** The web fixtures (tests/fixtures/web: sm20.csv, cdhdr.csv, cdpos.csv). */
export const WEB_FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'web');

/**
 * Analyses one file as a user does (Upload Files, Start Analysis, wait for the analysis, View
 * Detailed Results) and returns the analysis id from the results page's URL. `file` is a path or
 * the file's name, type and bytes.
 */
export async function analyseOne(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<string> {
  await page.goto('/upload');
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Start Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: 'View Detailed Results' }).click();
  await expect(page).toHaveURL(/\/results\/[\w-]+$/);
  return /\/results\/([\w-]+)$/.exec(page.url())![1]!;
}

/** The sign-in's two-factor step: a code not used before for this secret. */
export async function answerTotpStep(page: Page, secret: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(await nextTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

const SHOTS = join(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots');

/** Saves a screenshot (full page unless `fullPage` is false, e.g. for dialogs) under test-results/screenshots/. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  // A full-page capture of a scrolled page draws the fixed header where the viewport was, across
  // the middle of the picture: capture from the top, as the page reads.
  if (fullPage) await page.evaluate(() => new Promise((done) => { window.scrollTo(0, 0); requestAnimationFrame(() => done(undefined)); }));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

/** A link of the side navigation (the page body may hold links with the same name). */
export function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
}
