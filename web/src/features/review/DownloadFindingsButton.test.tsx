import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { DownloadFindingsButton } from './DownloadFindingsButton.tsx';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const answer = (order: 'list' | 'analysis', findings = 7_200_000) => ({ status: 200, body: { format: 'csv', fileName: 'sap-findings-a1.csv', downloadUrl: 'about:blank', findings, order } });

describe('DownloadFindingsButton', () => {
  it('starts the export with a POST carrying the CSRF token, and says when a large export comes in the order the analysis made the findings', async () => {
    const api = await startApiServer({ 'POST /results/a-1/findings/export': (body, req) => (req.headers['x-csrf-token'] === 'csrf-1' && (body as { format?: string }).format === 'csv' ? answer('analysis') : { status: 403, body: { error: { code: 'CSRF', message: 'no token' } } }) });
    close = api.close;
    renderRoute(() => <DownloadFindingsButton analysisId="a-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'CSV' }));
    expect(await screen.findByText(/^7,200,000 findings, in the order the analysis made them/)).toBeInTheDocument();
    // No GET starts an export: a prefetch or cache cannot write one.
    expect(api.calls.filter((c) => c.path.startsWith('/results/')).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /results/a-1/findings/export']);
  });
});

describe('DownloadFindingsButton with an export job', () => {
  it('follows the job writing the download (202), saying while it waits for the server and while it is written, then hands out its link', async () => {
    let polls = 0;
    const job = (state: string) => ({ jobId: '0b0c3c52-8f0e-4a0a-9d0b-2b9c1f8e7a11', kind: 'export', state, status: 'open', matched: 0, processed: 0, updated: 0, skipped: 0 });
    const api = await startApiServer({
      'POST /results/a-1/findings/export': () => ({ status: 202, body: { updated: 0, matched: 0, status: 'open', suppressions: [], job: job('queued') } }),
      'GET /results/a-1/review-jobs/0b0c3c52-8f0e-4a0a-9d0b-2b9c1f8e7a11': () =>
        ++polls < 2
          ? { status: 200, body: { updated: 0, matched: 0, status: 'open', suppressions: [], job: job('running') } }
          : { status: 200, body: { updated: 0, matched: 0, status: 'open', suppressions: [], job: job('done'), download: answer('analysis', 1_234_567).body } },
    });
    close = api.close;
    renderRoute(() => <DownloadFindingsButton analysisId="a-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download findings' }));
    // Queued behind other exports: the user is told it waits its turn, then that it is being written.
    expect(await screen.findByText(/^Waiting its turn on the server: other downloads are being written/)).toBeInTheDocument();
    expect(await screen.findByText(/^Writing the download on the server/, {}, { timeout: 3000 })).toBeInTheDocument();
    // The link arrives with the finished job: its note is shown, after two polls, and the state line goes.
    expect(await screen.findByText(/^1,234,567 findings, in the order the analysis made them/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(polls).toBe(2);
    expect(screen.queryByTestId('export-job-state')).toBeNull();
  });

  it('shows the server\'s message when the jobs limit is reached by downloads', async () => {
    const message = '2 findings downloads of this analysis are still being written; wait for one to finish, then try again';
    const api = await startApiServer({ 'POST /results/a-1/findings/export': () => ({ status: 503, body: { error: { code: 'UNAVAILABLE', message } } }) });
    close = api.close;
    renderRoute(() => <DownloadFindingsButton analysisId="a-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download findings' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
