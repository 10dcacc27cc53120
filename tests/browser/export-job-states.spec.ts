/**
 * What the user reads while a job writes for them, at 1280 and 390 px: the findings download
 * started with a POST (its CSRF token sent), its job waiting for an export thread, being
 * written, then the streamed export's note; and a case review waiting for the server.
 *
 * The POST reaches the real local stack, whose small export answers with a real link. Only the
 * job's answers are played by the test (page.route): on one machine with one small analysis the
 * server writes the file at once, so "queued" (two other exports holding both export threads)
 * and "7.2 million findings, streamed" cannot be made here in a test's time; the server side of
 * those states is tested in tests/integration/review-findings.test.ts. Screenshots go to
 * SCREENS_DIR (default test-results/screenshots).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { E2E_ADMIN } from './support/credentials.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { analyseOne, expect, signIn, test, WEB_FIXTURES } from './support/fixtures.ts';

const SHOTS = process.env.SCREENS_DIR ?? join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');
const JOB_ID = '0b0c3c52-8f0e-4a0a-9d0b-2b9c1f8e7a11';

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

let analysisId = '';

// The administrator's account: the other suites count the user's analyses and files.
test.describe.serial('job states', () => {
  for (const width of [1280, 390]) {
    test(`the findings download started by POST: waiting for the server, being written, then the streamed note, at ${width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await signIn(page, E2E_ADMIN);
      if (!analysisId) analysisId = await analyseOne(page, join(WEB_FIXTURES, 'sm20.csv'));
      else await page.goto(`/results/${analysisId}`);

      let state: 'queued' | 'running' | 'done' = 'queued';
      let real: { downloadUrl: string; fileName: string; format: string } | undefined;
      const posted: { method: string; csrf: string | null; body: unknown }[] = [];
      const job = () => ({ jobId: JOB_ID, analysisId, kind: 'export', state, status: 'open', matched: 0, processed: 0, updated: 0, skipped: 0, suppressions: [], ...(state === 'queued' ? { waitsIn: 'server' } : {}) });
      await page.route(/\/findings\/export(\?|$)/, async (route: Route) => {
        const req = route.request();
        posted.push({ method: req.method(), csrf: req.headers()['x-csrf-token'] ?? null, body: req.postDataJSON() });
        // The real server writes the (small) export: its link is the one handed out when the job is done.
        const res = await route.fetch();
        expect(res.status(), await res.text()).toBe(200);
        real = await res.json();
        await route.fulfill({ status: 202, json: { updated: 0, matched: 0, status: 'open', suppressions: [], job: job() } });
      });
      await page.route(new RegExp(`/review-jobs/${JOB_ID}$`), (route) =>
        route.fulfill({ json: { updated: 0, matched: 0, status: 'open', suppressions: [], job: job(), ...(state === 'done' ? { download: { ...real, findings: 7_200_000, order: 'analysis' } } : {}) } }),
      );

      const card = page.getByRole('region', { name: 'Findings' });
      const button = card.getByRole('button', { name: 'Download findings' });
      await button.scrollIntoViewIfNeeded();
      const downloaded = page.waitForEvent('download', { timeout: 60_000 });
      await button.click();
      const line = card.getByTestId('export-job-state');
      await expect(line).toHaveText('Waiting its turn on the server: other downloads are being written…');
      expect(posted).toEqual([{ method: 'POST', csrf: expect.stringMatching(/^\d+\./), body: { format: 'xlsx' } }]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, `findings download waiting at ${width} px`);
      // The card's title just below the fixed header.
      await page.evaluate((y) => window.scrollTo(0, y), await card.evaluate((el) => el.getBoundingClientRect().top + window.scrollY - 72));
      await shot(page, `export-job-queued-${width}`);

      state = 'running';
      await expect(line).toHaveText('Writing the download on the server (minutes for a large analysis)…', { timeout: 5_000 });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `export-job-running-${width}`);

      state = 'done';
      await expect(page.getByText(/^7,200,000 findings, in the order the analysis made them/)).toBeVisible({ timeout: 5_000 });
      await expect(line).toHaveCount(0);
      const file = await downloaded;
      expect(file.suggestedFilename()).toMatch(/^sap-findings-[0-9a-f]{8}\.xlsx$/);
      await shot(page, `export-streamed-note-${width}`);
    });
  }

  for (const width of [1280, 390]) {
    test(`a case review waiting for the server to take it up, at ${width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      expect(analysisId, 'the first test made the analysis').not.toBe('');
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await signIn(page, E2E_ADMIN);
      await page.goto(`/results/${analysisId}/cases`);
      const items = page.getByRole('region', { name: 'Cases' }).getByTestId('case-item');
      await items.first().getByRole('link').first().click();
      const review = page.getByRole('region', { name: 'Review this case' });
      await expect(review).toBeVisible();
      const save = review.getByRole('button', { name: /^Save for \d+ findings?$/ });
      const n = Number(/(\d+)/.exec((await save.textContent())!)![1]);
      // As on AWS: the job waits on the review queue for the review function (all of its concurrency taken).
      const job = { jobId: JOB_ID, analysisId, kind: 'case', state: 'queued', status: 'escalated', matched: n, processed: 0, updated: 0, skipped: 0, suppressions: [] };
      await page.route(/\/cases\/[^/]+\/review$/, (route) => route.fulfill({ status: 202, json: { updated: 0, matched: n, status: 'escalated', suppressions: [], job } }));
      await page.route(new RegExp(`/review-jobs/${JOB_ID}$`), (route) => route.fulfill({ json: { updated: 0, matched: n, status: 'escalated', suppressions: [], job } }));
      await review.getByText('Escalated', { exact: true }).click();
      await review.getByLabel('Comment').fill('Owner to confirm');
      await save.click();
      const progress = page.getByTestId('review-job-progress');
      await expect(progress).toContainText(`Waiting for the server to take up the reviews: 0 of ${n} findings written so far…`);
      await progress.scrollIntoViewIfNeeded();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `review-job-queued-${width}`);
    });
  }
});
