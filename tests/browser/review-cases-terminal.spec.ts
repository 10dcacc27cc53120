import { E2E_ADMIN } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { analyseOne, expect, screenshot, signIn, test } from './support/fixtures.ts';

/**
 * A case whose actor is a terminal (issue 24): a burst of failed logons from one terminal for
 * several users. Its page has a timeline: the timeline of each user the terminal's activity names.
 */
const USERS = ['JSMITH', 'MBROWN', 'KLEE'];
function sm20(): Buffer {
  const lines = ['Date,Time,Client,User,Terminal Name,Transaction Code,Program,Event,Audit Log Msg. Text'];
  // Two failed logons of each user from TERMX within ten minutes: six from the terminal, no user's own burst.
  USERS.forEach((u, i) => {
    for (let k = 0; k < 2; k++) lines.push(`03.11.2026,10:0${i * 2 + k}:00,100,${u},TERMX,,SAPMSYST,AU2,"Logon failed (reason = 1, type = A)"`);
  });
  // Each user's own work from their desk, so their timelines have more than the failed logons.
  USERS.forEach((u, i) => lines.push(`03.11.2026,11:1${i}:00,100,${u},DESK${i},VA01,SAPMV45A,AU3,Transaction VA01 started`));
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

let caseUrl = '';

test.describe.serial('a terminal case', () => {
  test('has a timeline: the users its activity names, each user’s timeline one choice away', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, E2E_ADMIN);
    await analyseOne(page, { name: 'sm20-terminal.csv', mimeType: 'text/csv', buffer: sm20() });
    const card = page.getByRole('region', { name: 'Cases' });
    await card.getByRole('link', { name: 'Terminal TERMX' }).click();
    await expect(page.getByRole('heading', { name: 'Terminal TERMX', level: 2 })).toBeVisible();
    caseUrl = page.url();
    const place = page.getByRole('region', { name: 'Timeline from terminal TERMX' });
    await expect(place).toContainText(`names 3 users: ${[...USERS].sort().join(', ')}`);
    // The first named user's timeline shows at once, with the failed logon from the terminal.
    const first = [...USERS].sort()[0]!;
    await expect(page.getByRole('heading', { name: `Timeline of ${first}` })).toBeVisible();
    await expect(page.getByText('TERMX').first()).toBeVisible();
    // Another user: its timeline instead.
    await place.getByRole('combobox', { name: 'User named from terminal TERMX' }).click();
    await page.getByRole('option', { name: 'MBROWN' }).click();
    await expect(page.getByRole('heading', { name: 'Timeline of MBROWN' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Timeline of ${first}` })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'terminal case page');
    await screenshot(page, 'case-terminal');
  });

  test('at 390 px the terminal case and its timeline read without overflow or serious accessibility violations', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, E2E_ADMIN);
    await page.goto(caseUrl);
    await expect(page.getByRole('region', { name: 'Timeline from terminal TERMX' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Timeline of / })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'terminal case page at 390 px');
    await screenshot(page, 'case-terminal-390');
  });
});
