import { E2E_ADMIN, E2E_USER } from './support/credentials.ts';
import { expect, navLink, screenshot, signIn, test } from './support/fixtures.ts';

test('signs in through the Login screen, reaches the dashboard and logs out', async ({ page }) => {
  await page.goto('/history');
  // Deep link while signed out: the login screen, then back to where the user was going.
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'login');
  await page.getByLabel('Email').fill(E2E_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password-1!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
  // What was typed stays after a failed attempt.
  await expect(page.getByLabel('Email')).toHaveValue(E2E_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_USER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis History' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/history$/);

  await navLink(page, 'Dashboard').click();
  await expect(page.getByText('Quick Overview')).toBeVisible();
  await screenshot(page, 'dashboard');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.goto('/files');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('Get Access opens the request form in one click, saying accounts are reviewed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Access' }).click();
  // No detour through 'Get Started' and 'Account Creation Restricted' (issue 27).
  await expect(page.getByRole('heading', { name: 'Request Access' })).toBeVisible();
  await expect(page.getByText(/Accounts are not created directly/)).toBeVisible();
  await page.getByLabel('First name').fill('Erin');
  await page.getByLabel('Last name').fill('Auditor');
  await page.getByLabel('Email').fill('erin@example.org');
  await page.getByLabel('Organization').fill('Example Audit GmbH');
  await page.getByLabel('Job title').fill('IT Auditor');
  await page.getByLabel('Reason for access').fill('Quarterly SAP access review');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('heading', { name: 'Access Request Submitted' })).toBeVisible();
  await expect(page.getByText('erin@example.org')).toBeVisible();
  await expect(page.getByText('Example Audit GmbH')).toBeVisible();
});

test('a regular user is refused Risk Management; an admin gets it', async ({ page }) => {
  await signIn(page, E2E_USER);
  await expect(navLink(page, 'Risk Management')).toHaveCount(0);
  await page.goto('/risk-management');
  await expect(page.getByText('You need administrator privileges to access this feature')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, E2E_ADMIN);
  await navLink(page, 'Risk Management').click();
  await expect(page).toHaveURL(/\/risk-management$/);
  await expect(page.getByText('You need administrator privileges to access this feature')).toHaveCount(0);
  await screenshot(page, 'risk-management');
});

test('unknown paths and /dashboard go home', async ({ page }) => {
  await signIn(page, E2E_USER);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Quick Overview')).toBeVisible();
});

test('dark mode persists across a reload', async ({ page }) => {
  await signIn(page, E2E_USER);
  const html = page.locator('html');
  await page.getByRole('switch', { name: 'Dark mode' }).check();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.getByText('Quick Overview')).toBeVisible({ timeout: 30_000 });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await screenshot(page, 'dashboard-dark');
  await page.getByRole('switch', { name: 'Dark mode' }).uncheck();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('a crafted redirect on the login page ends on an in-app page, never on an error or another site', async ({ page, baseURL }) => {
  const appOrigin = new URL(baseURL!).origin;
  // Signed out: sign in from the crafted link.
  await page.goto('/login?redirect=/%5Cevil.example');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(E2E_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_USER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Quick Overview')).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).origin).toBe(appOrigin);
  expect(new URL(page.url()).pathname).toBe('/');
  // Signed in: every other form lands on the dashboard too.
  for (const query of ['redirect=//evil.example', 'redirect=https://evil.example/', 'redirect=%2F%255Cevil.example', 'redirect=/%09/evil.example', 'redirect=123']) {
    await page.goto(`/login?${query}`);
    await expect(page.getByText('Quick Overview'), query).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Something went wrong' }), query).toHaveCount(0);
    expect(new URL(page.url()).origin, query).toBe(appOrigin);
    expect(new URL(page.url()).pathname, query).toBe('/');
  }
  // A real in-app target is still followed.
  await page.goto('/login?redirect=/history');
  await expect(page.getByRole('heading', { name: 'Analysis History' })).toBeVisible({ timeout: 30_000 });
});
