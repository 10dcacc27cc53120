import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import type { CaseSummary } from './cases-api.ts';
import { CaseReviewCard } from './CaseReviewCard.tsx';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const big: CaseSummary = {
  id: 'case-9',
  actor: 'MASSDEBUG',
  actor_kind: 'user',
  risk_level: 'high',
  score: 60,
  first_time: '2026-11-02 00:00:00',
  last_time: '2026-11-02 08:34:57',
  days: 1,
  files: ['sm20.csv'],
  rules: [{ rule: 'SAL-DEBUG-CHANGE', count: 20_600, first_time: '2026-11-02 00:00:00', routine: false }],
  escalations: [],
  watchlists: [],
  reasons: ['Field content changed in the debugger: 20,600 times'],
  patterns: 0,
  records: 20_600,
  context: 0,
  members: 20_600,
  progress: { members: 20_600, reviewed: 0, open: 20_600, suppressed: 0 },
};

const job = (processed: number, state: 'queued' | 'running' | 'done') => ({
  updated: processed,
  matched: 20_600,
  status: 'escalated',
  suppressions: [],
  job: { jobId: '0b0c3c52-8f0e-4a0a-9d0b-2b9c1f8e7a11', kind: 'case', state, status: 'escalated', matched: 20_600, processed, updated: processed, skipped: 0 },
});

describe('CaseReviewCard', () => {
  it('follows a review the server writes as a job (202): shows its progress, then the count written', async () => {
    let polls = 0;
    const api = await startApiServer({
      'PUT /results/a-1/cases/case-9/review': () => ({ status: 202, body: job(500, 'running') }),
      'GET /results/a-1/review-jobs/0b0c3c52-8f0e-4a0a-9d0b-2b9c1f8e7a11': () => ({ status: 200, body: ++polls < 2 ? job(12_500, 'running') : job(20_600, 'done') }),
    });
    close = api.close;
    renderRoute(() => <CaseReviewCard analysisId="a-1" c={big} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Escalated' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save for 20,600 findings' }));
    expect(await screen.findByTestId('review-job-progress')).toHaveTextContent(/Writing the reviews: (500|12,500) of 20,600 findings/);
    await waitFor(() => expect(screen.getByText('20,600 findings of this case marked Escalated')).toBeInTheDocument(), { timeout: 5000 });
    expect(polls).toBe(2);
    expect(screen.queryByTestId('review-job-progress')).not.toBeInTheDocument();
  });

  it('follows a job that waits on the server (queued) as one that runs, saying it waits', async () => {
    let polls = 0;
    const answers = [job(0, 'queued'), job(500, 'queued'), job(1000, 'running'), job(20_600, 'done')];
    const api = await startApiServer({
      'PUT /results/a-1/cases/case-9/review': () => ({ status: 202, body: answers[0] }),
      'GET /results/a-1/review-jobs/0b0c3c52-8f0e-4a0a-9d0b-2b9c1f8e7a11': () => ({ status: 200, body: answers[++polls] ?? answers.at(-1) }),
    });
    close = api.close;
    renderRoute(() => <CaseReviewCard analysisId="a-1" c={big} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Escalated' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save for 20,600 findings' }));
    expect(await screen.findByTestId('review-job-progress')).toHaveTextContent('Waiting for the server to take up the reviews: 0 of 20,600 findings written so far');
    await waitFor(() => expect(screen.getByTestId('review-job-progress')).toHaveTextContent('Writing the reviews: 1,000 of 20,600 findings'), { timeout: 5000 });
    // Followed to the end (the first test's notice may still be shown: count the polls).
    await waitFor(() => expect(screen.queryByTestId('review-job-progress')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(polls).toBe(3);
    expect(screen.getAllByText('20,600 findings of this case marked Escalated').length).toBeGreaterThan(0);
  });

  it('says so when the job stopped', async () => {
    const api = await startApiServer({
      'PUT /results/a-1/cases/case-9/review': () => ({ status: 202, body: job(500, 'running') }),
      'GET /results/a-1/review-jobs/0b0c3c52-8f0e-4a0a-9d0b-2b9c1f8e7a11': () => ({
        status: 200,
        body: { ...job(1000, 'running'), job: { ...job(1000, 'running').job, state: 'failed', message: 'The review stopped after 1,000 of 20,600 findings (the server was restarted); review the rest again' } },
      }),
    });
    close = api.close;
    renderRoute(() => <CaseReviewCard analysisId="a-1" c={big} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Escalated' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save for 20,600 findings' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('The review stopped after 1,000 of 20,600 findings');
  });

  it('offers the decisions in the triage dialog\'s order, and opens on the decision every member has', async () => {
    const api = await startApiServer({});
    close = api.close;
    const escalated: CaseSummary = { ...big, progress: { members: 20_600, reviewed: 20_600, open: 0, suppressed: 0, decisions: { escalated: 20_600 } } };
    renderRoute(() => <CaseReviewCard analysisId="a-1" c={escalated} />);
    const radios = within(await screen.findByRole('radiogroup', { name: 'Decision' })).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['open', 'explained', 'false_positive', 'escalated']);
    expect(screen.getByRole('radio', { name: 'Escalated' })).toBeChecked();
  });

  it('opens on Explained while members are open or their decisions differ', async () => {
    const api = await startApiServer({});
    close = api.close;
    const mixed: CaseSummary = { ...big, progress: { members: 20_600, reviewed: 20_600, open: 0, suppressed: 0, decisions: { escalated: 600, explained: 20_000 } } };
    renderRoute(() => <CaseReviewCard analysisId="a-1" c={mixed} />);
    expect(await screen.findByRole('radio', { name: 'Explained' })).toBeChecked();
  });
});
