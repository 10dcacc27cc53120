/**
 * Two-factor authentication (issue 28, item 5): a user enrols an authenticator app on Account
 * Security, signs in with its code and turns it off again; an administrator without it is sent to
 * enrolment before anything else, cannot turn it off, and then signs in with a code. Codes are
 * computed from the key the page shows, as an authenticator app computes them.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { E2E_MFA_USER, E2E_NEW_ADMIN } from './support/credentials.ts';
import { expect, screenshot, signIn, test } from './support/fixtures.ts';
import { nextTotpCode, totpCode } from '../support/totp.ts';

const WRONG_CODE_TEXT = 'That code is not right or has expired. Enter the 6-digit code your authenticator app shows now.';

/** Six digits that are not the code of the previous, current or next step. */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, Date.now() + d)));
  for (let n = 123_456; ; n = (n + 111_111) % 1_000_000) {
    const c = String(n).padStart(6, '0');
    if (!valid.has(c)) return c;
  }
}

/** Fails when something sticks out of the viewport's right edge (a sideways scroll at 390 px). */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Account Security → set up: QR code and key shown; a wrong code is refused in words, then the right one turns TOTP on. */
async function enrol(page: Page): Promise<string> {
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(card.getByRole('img', { name: /QR code to add SAP Security Analyzer/ })).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').textContent() ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codeField = card.getByRole('textbox', { name: 'Authentication code' });
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expectNoSeriousA11yViolations(page, 'two-factor enrolment');
  await codeField.fill(wrongCode(secret));
  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(card.getByRole('alert')).toHaveText(WRONG_CODE_TEXT);
  await codeField.fill(await nextTotpCode(secret));
  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  return secret;
}

test('a user enrols an authenticator app, signs in with its code, and turns it off again (1280 px)', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, E2E_MFA_USER);
  await page.getByRole('link', { name: 'Account Security' }).click();
  await expect(page.getByRole('heading', { name: 'Account Security', level: 2 })).toBeVisible();
  const secret = await enrol(page);
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();
  await screenshot(page, 'mfa-enrolled');

  // The next sign-in asks for a code: a wrong one is refused in words, the right one signs in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(E2E_MFA_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_MFA_USER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, 'two-factor sign-in');
  await screenshot(page, 'mfa-sign-in');
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText(WRONG_CODE_TEXT);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(await nextTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'SAP Security Analyzer', level: 2 })).toBeVisible({ timeout: 30_000 });

  // A regular user may turn it off; the sign-in after that asks for the password only.
  await page.getByRole('link', { name: 'Account Security' }).click();
  await card.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await signIn(page, E2E_MFA_USER);
});

test('an administrator without two-factor authentication enrols before anything else, then signs in with a code (390 px)', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByLabel('Email').fill(E2E_NEW_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_NEW_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Account Security, not the dashboard.
  await expect(page).toHaveURL(/\/security$/, { timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Administrators must use two-factor authentication' })).toBeVisible();
  // Any other page sends them back here.
  await page.goto('/risk-management');
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { name: 'Account Security', level: 2 })).toBeVisible();
  await expectNoSideways(page);
  await screenshot(page, 'mfa-admin-required-390');

  const secret = await enrol(page);
  // Enrolled: the app opens, Risk Management works, and turning it off is not offered.
  await expect(page.getByRole('heading', { name: 'SAP Security Analyzer', level: 2 })).toBeVisible({ timeout: 30_000 });
  await page.goto('/risk-management');
  await expect(page).toHaveURL(/\/risk-management$/);
  await expect(page.getByText('two-factor authentication', { exact: false }).filter({ hasText: 'Administrators must' })).toHaveCount(0);
  await page.goto('/security');
  await expect(page.getByText('Administrators cannot turn off two-factor authentication.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
  await expectNoSideways(page);

  // Sign out and in again at 390 px: the code step.
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(E2E_NEW_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_NEW_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible({ timeout: 30_000 });
  await expectNoSideways(page);
  await expectNoSeriousA11yViolations(page, 'two-factor sign-in at 390 px');
  await screenshot(page, 'mfa-sign-in-390');
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(await nextTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'SAP Security Analyzer', level: 2 })).toBeVisible({ timeout: 30_000 });
  await page.goto('/risk-management');
  await expect(page).toHaveURL(/\/risk-management$/);
});
