import { E2E_ADMIN } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, navLink, screenshot, signIn, test } from './support/fixtures.ts';

test('the login screen has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, 'login');
});

test('the main screens have no serious accessibility violations, in light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN);
  const screens: [string, string, string][] = [
    ['Dashboard', 'Quick Overview', 'dashboard'],
    ['Upload Files', 'Upload SAP Audit Files', 'upload'],
    ['File Manager', 'File Manager', 'files'],
    ['Analysis History', 'Analysis History', 'history'],
    ['Analytics', 'Security Analytics', 'analytics'],
    ['About', 'Detection Capabilities', 'about'],
  ];
  for (const [link, marker, name] of screens) {
    await navLink(page, link).click();
    await expect(page.getByText(marker, { exact: true }).first()).toBeVisible();
    // Let skeletons and lazy chunks settle before auditing.
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, name);
    await screenshot(page, `screen-${name}`);
  }
  await page.goto('/multi-upload');
  await expect(page.getByText('Files Ready for Analysis (0/4)')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'multi-upload');

  await page.getByRole('switch', { name: 'Dark mode' }).check();
  await navLink(page, 'Dashboard').click();
  await expect(page.getByText('Quick Overview')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page, 'dashboard (dark)');
  await page.getByRole('switch', { name: 'Dark mode' }).uncheck();
});
