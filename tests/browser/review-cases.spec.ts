import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { analyseOne, expect, navLink, screenshot, signIn, test, WEB_FIXTURES } from './support/fixtures.ts';

let analysisId = '';

// The administrator's account: the other suites count the user's analyses and files.
test.describe.serial('cases', () => {
  test('the results page opens on the cases: paged, filtered by risk, rule and actor, with reasons in words', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, E2E_ADMIN);
    analysisId = await analyseOne(page, join(WEB_FIXTURES, 'sm20.csv'));
    const card = page.getByRole('region', { name: 'Cases' });
    await expect(card.getByTestId('cases-counts')).toHaveText(/^(\d+) cases?, \1 to review/);
    const items = card.getByTestId('case-item');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    expect(count).toBeGreaterThan(1);
    // Ordered by risk level: no case after a lower one.
    const levels = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-risk')));
    const rank = ['critical', 'high', 'medium', 'low'];
    expect(levels.map((l) => rank.indexOf(l!))).toEqual([...levels.map((l) => rank.indexOf(l!))].sort((a, b) => a - b));
    await expect(items.first().getByRole('list', { name: 'Reasons' }).getByRole('listitem').first()).not.toBeEmpty();
    // The settings the analysis ran with, under Analysis Details (issue 25: every output states them).
    const details = page.getByRole('region', { name: 'Analysis Details' });
    await expect(details.getByTestId('analysis-settings')).toContainText('Time zone: UTC');
    await expect(details.getByTestId('analysis-settings')).toContainText('Business hours: Mon–Fri 07:00–19:00');
    await expect(details.getByTestId('analysis-settings')).toContainText(/List: High-risk transactions: \d+ entries, sha256 [0-9a-f]{12}/);
    await expectNoSeriousA11yViolations(page, 'cases list');
    await screenshot(page, 'cases-list');

    // Risk filter: only that level.
    const level = levels[0]!;
    await card.getByRole('combobox', { name: 'Filter cases by risk' }).click();
    await page.getByRole('option', { name: new RegExp(`^${level[0]!.toUpperCase()}${level.slice(1)} \\(`) }).click();
    await expect(items.first()).toHaveAttribute('data-risk', level);
    // The previous page stays shown until the filtered one arrives: wait for it.
    await expect.poll(async () => new Set(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-risk'))))).toEqual(new Set([level]));
    await card.getByRole('combobox', { name: 'Filter cases by risk' }).click();
    await page.getByRole('option', { name: 'All risk levels' }).click();

    // Actor filter: the first case's actor, typed in lower case.
    const actorLink = items.first().getByRole('link').first();
    const actorText = (await actorLink.textContent())!;
    const actor = actorText.replace(/^(User|Terminal|Address) /, '');
    await card.getByRole('textbox', { name: 'Filter cases by user or terminal' }).fill(actor.toLowerCase());
    await expect(items.first().getByRole('link').first()).toHaveText(actorText);
    await expect(card.getByText(/^\d+ matching$/)).toBeVisible();

    // Rule filter: cases that have that rule.
    await card.getByRole('combobox', { name: 'Filter cases by rule' }).click();
    await page.getByRole('option').nth(1).click();
    await expect(items.first()).toBeVisible();
    await card.getByRole('textbox', { name: 'Filter cases by user or terminal' }).fill('');
    await card.getByRole('combobox', { name: 'Filter cases by rule' }).click();
    await page.getByRole('option', { name: 'All rules' }).click();
    await expect(items).toHaveCount(Math.min(count, 10));

    // The dashboard's cases to review, on a phone too (while none is reviewed yet).
    await page.setViewportSize({ width: 390, height: 844 });
    const total = Number(/^(\d+)/.exec((await card.getByTestId('cases-counts').textContent())!)![1]);
    await page.goto('/dashboard');
    const dash = page.getByRole('region', { name: 'Cases to review' });
    await expect(dash.getByTestId('dashboard-cases-counts')).toHaveText(new RegExp(`^${total} of ${total} cases to review`));
    await expect(dash.getByRole('link', { name: 'All cases of this analysis' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'dashboard with cases at 390 px');
    await screenshot(page, 'dashboard-cases-390');
  });

  test('a case page: reasons, rules, the case review applied to every member, the members and the timeline', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, E2E_ADMIN);
    await page.goto(`/results/${analysisId}`);
    const card = page.getByRole('region', { name: 'Cases' });
    const first = card.getByTestId('case-item').filter({ has: page.getByRole('link', { name: /^User / }) }).first();
    const name = (await first.getByRole('link').first().textContent())!;
    await first.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/results/${analysisId}/cases/[\\w.:-]+$`));
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Why this case' }).getByRole('list', { name: 'Reasons' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rules of this case' })).toBeVisible();
    const members = page.getByRole('region', { name: 'Findings of this case' });
    const rows = members.getByRole('table', { name: 'Findings' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const user = name.replace(/^User /, '');
    await expect(page.getByRole('heading', { name: `Timeline of ${user}` })).toBeVisible();

    // The decision on the case: every member escalated, each with its own trail.
    const review = page.getByRole('region', { name: 'Review this case' });
    await review.getByText('Escalated', { exact: true }).click();
    await review.getByLabel('Comment').fill('Owner to confirm the changes');
    const save = review.getByRole('button', { name: /^Save for \d+ findings?$/ });
    const n = Number(/(\d+)/.exec((await save.textContent())!)![1]);
    await save.click();
    await expect(page.getByText(new RegExp(`^${n} findings? of this case marked Escalated`))).toBeVisible();
    // The header names the decision, and the form opens on it (not on a default the case does not have).
    await expect(page.getByText(new RegExp(`score \\d+ · ${n} of ${n} reviewed: Escalated$`))).toBeVisible();
    await expect(review.getByRole('radio', { name: 'Escalated' })).toBeChecked();
    await expect(rows.filter({ hasText: 'Escalated' })).toHaveCount(Math.min(n, 25));
    await rows.first().getByRole('button', { name: /^Review / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Owner to confirm the changes').first()).toBeVisible();
    // One order of the decisions everywhere: the triage dialog's as the case review's.
    const order = ['Open', 'Explained', 'False positive', 'Escalated'];
    await expect(dialog.getByRole('radiogroup', { name: 'Status' }).locator('label')).toHaveText(order);
    await expect(review.getByRole('radiogroup', { name: 'Decision' }).locator('label')).toHaveText(order);
    await expectNoSeriousA11yViolations(page, 'case member review dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectNoSeriousA11yViolations(page, 'case page');
    await screenshot(page, 'case-page');

    // The dashboard: the latest analysis's cases still to review, without the one just reviewed.
    await navLink(page, 'Dashboard').click();
    const dash = page.getByRole('region', { name: 'Cases to review' });
    await expect(dash.getByTestId('dashboard-cases-counts')).toBeVisible();
    await expect(dash.getByRole('link', { name, exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'dashboard with cases');
    await screenshot(page, 'dashboard-cases');
    // The cases list names the decision too, not only "n of n reviewed".
    await page.goto(`/results/${analysisId}/cases`);
    const listed = page.getByTestId('case-item').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(listed).toContainText(`${n} of ${n} reviewed: Escalated`);
  });

  test('bulk triage by filter reviews every matching finding, not only the page', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, E2E_ADMIN);
    await page.goto(`/results/${analysisId}/findings`);
    const card = page.getByRole('region', { name: 'Findings' });
    await card.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Open', exact: true }).click();
    const table = card.getByRole('table', { name: 'Findings' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const ruleId = (await table.locator('tbody tr').first().locator('td').nth(2).locator('p').last().textContent())!;
    await card.getByRole('combobox', { name: 'Filter by rule' }).click();
    await page.getByRole('option', { name: new RegExp(`^${ruleId} · `) }).click();
    const bulk = card.getByRole('button', { name: /^Review all [\d,]+ matching/ });
    await expect(bulk).toBeVisible();
    const matched = Number(/Review all ([\d,]+)/.exec((await bulk.textContent())!)![1]!.replace(/,/g, ''));
    await bulk.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('bulk-filter-description')).toContainText(`rule `);
    await expect(dialog.getByTestId('bulk-filter-description')).toContainText('status Open');
    await dialog.getByText('False positive', { exact: true }).click();
    await dialog.getByLabel('Comment').fill('Test client traffic');
    await expectNoSeriousA11yViolations(page, 'bulk triage by filter dialog');
    await screenshot(page, 'bulk-triage-by-filter', false);
    await dialog.getByRole('button', { name: 'Save review' }).click();
    await expect(page.getByText(matched === 1 ? 'Review saved' : `${matched} reviews saved`)).toBeVisible();
    await expect(card.getByText('No findings match', { exact: false }).or(card.getByText(/^0 matching/))).toBeVisible();
    await card.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'False positive', exact: true }).click();
    await expect(card.getByText(new RegExp(`^${matched} matching`))).toBeVisible();
  });

  test('at 390 px the cases list, a case page and its triage read without overflow or serious accessibility violations', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, E2E_ADMIN);
    await page.goto(`/results/${analysisId}/cases`);
    const card = page.getByRole('region', { name: 'Cases' });
    await expect(card.getByTestId('case-item').first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'cases list at 390 px');
    await screenshot(page, 'cases-list-390');
    await card.getByTestId('case-item').first().getByRole('link').first().click();
    await expect(page.getByRole('region', { name: 'Review this case' })).toBeVisible();
    // At 390 px the findings are a list of cards (the phone layout), each with its Review button.
    const members = page.getByRole('region', { name: 'Findings of this case' });
    await expect(members.getByRole('list', { name: 'Findings' })).toBeVisible();
    await expect(members.getByRole('button', { name: /^Review / }).first()).toBeVisible();
    // The case's rules read whole on a phone: nothing in the card scrolls sideways, each rule's routine said on screen.
    const why = page.getByRole('region', { name: 'Why this case' });
    expect(await why.evaluate((el) => [el, ...el.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible').length)).toBe(0);
    const rules = why.getByRole('list', { name: 'Rules of this case' }).getByRole('listitem');
    await expect(rules.first()).toBeVisible();
    for (const rule of await rules.all()) {
      await rule.scrollIntoViewIfNeeded();
      await expect(rule.getByText(/^Routine: /)).toBeInViewport({ ratio: 1 });
    }
    await expectNoSeriousA11yViolations(page, 'case page at 390 px');
    await screenshot(page, 'case-page-390');

    // The case review on a phone: every member marked, the count said in words.
    const review = page.getByRole('region', { name: 'Review this case' });
    await expectEveryChoiceShown(review.getByRole('radiogroup', { name: 'Decision' }), 4);
    await review.getByText('Explained', { exact: true }).click();
    await review.getByLabel('Comment').fill('Planned maintenance, change 4711');
    const save = review.getByRole('button', { name: /^Save for \d+ findings?$/ });
    const n = Number(/(\d+)/.exec((await save.textContent())!)![1]);
    await save.click();
    await expect(page.getByText(new RegExp(`^${n} findings? of this case marked Explained`))).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'case page after its review at 390 px');
    await screenshot(page, 'case-triage-390');
  });

  test('at 390 px the analysis settings and bulk triage by filter read without overflow or serious accessibility violations', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, E2E_ADMIN);
    await page.goto(`/results/${analysisId}`);
    await expect(page.getByRole('region', { name: 'Analysis Details' }).getByTestId('analysis-settings')).toContainText('Holiday calendar: ');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`/results/${analysisId}/findings`);
    const card = page.getByRole('region', { name: 'Findings' });
    await expect(card.getByRole('list', { name: 'Findings' })).toBeVisible();
    await card.getByRole('combobox', { name: 'Filter by rule' }).click();
    const option = page.getByRole('option').nth(1);
    const ruleTitle = (await option.textContent())!.split(' · ').slice(1).join(' · ');
    await option.click();
    const bulk = card.getByRole('button', { name: /^Review all [\d,]+ matching/ });
    await expect(bulk).toBeVisible();
    const matched = Number(/Review all ([\d,]+)/.exec((await bulk.textContent())!)![1]!.replace(/,/g, ''));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await bulk.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('bulk-filter-description')).toContainText(`rule ${ruleTitle}`);
    await expect(dialog.getByTestId('bulk-filter-description')).toContainText(matched === 1 ? ': 1 finding, with its own trail entry' : `: ${matched.toLocaleString('en-US')} findings, each with its own trail entry`);
    await expectEveryChoiceShown(dialog.getByRole('radiogroup', { name: 'Status' }), 4);
    await dialog.getByText('Escalated', { exact: true }).click();
    await dialog.getByLabel('Comment').fill('Owner to confirm');
    await expectNoSeriousA11yViolations(page, 'bulk triage by filter dialog at 390 px');
    await screenshot(page, 'bulk-triage-by-filter-390', false);
    await dialog.getByRole('button', { name: 'Save review' }).click();
    await expect(page.getByText(matched === 1 ? 'Review saved' : `${matched} reviews saved`)).toBeVisible();
    await card.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Escalated', exact: true }).click();
    await expect(card.getByText(new RegExp(`^${matched} matching`))).toBeVisible();
  });
});

/** How far the page is wider than the window (a phone user would have to scroll sideways). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Each of the `count` choices of a segmented control is on screen whole: none cut off at the edge of a narrow card or dialog. */
async function expectEveryChoiceShown(group: Locator, count: number): Promise<void> {
  await group.scrollIntoViewIfNeeded();
  const choices = group.locator('label');
  await expect(choices).toHaveCount(count);
  for (const choice of await choices.all()) await expect(choice).toBeInViewport({ ratio: 1 });
}
