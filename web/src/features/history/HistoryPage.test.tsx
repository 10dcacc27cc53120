import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { HeldResultProvider } from '../../state/held-result.tsx';
import { HistoryPage } from './HistoryPage.tsx';
import { failureReason } from '../../lib/failure-reason.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

function renderHistory() {
  return renderRoute(() => (
    <HeldResultProvider>
      <HistoryPage />
    </HeldResultProvider>
  ));
}

describe('HistoryPage', () => {
  it('shows the file names and a readable reason for each failed analysis', async () => {
    const api = await startApiServer({
      'GET /results': () => ({
        status: 200,
        body: {
          analyses: [
            { analysisId: 'ok-1', createdAt: '2026-01-03T10:00:00Z', fileName: 'sm20_march.csv', fileTypes: ['SM20'], status: 'completed', totalRecords: 5 },
            { analysisId: 'bad-1', createdAt: '2026-01-02T10:00:00Z', fileNames: ['cdhdr.csv', 'cdpos.csv'], status: 'failed', error: 'EngineError: cdpos.csv: No header row found' },
            { analysisId: 'bad-2', createdAt: '2026-01-01T10:00:00Z', fileName: 'x.csv', status: 'failed', error: null },
          ],
        },
      }),
    });
    close = api.close;
    renderHistory();
    const rows = await screen.findAllByTestId('history-row');
    expect(rows.map((r) => within(r).getByTestId('history-files').textContent)).toEqual(['sm20_march.csv', 'cdhdr.csv, cdpos.csv', 'x.csv']);
    expect(within(rows[0]!).queryByTestId('failure-reason')).toBeNull();
    expect(within(rows[1]!).getByTestId('failure-reason')).toHaveTextContent('cdpos.csv: No header row found');
    expect(within(rows[2]!).getByTestId('failure-reason')).toHaveTextContent('No reason was recorded for this failure.');
  });

  it('shows a load error without the empty state beside it', async () => {
    const api = await startApiServer({ 'GET /results': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Database unavailable' } } }) });
    close = api.close;
    renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Database unavailable');
    expect(screen.queryByText(/No previous analyses found/)).toBeNull();
  });
});

describe('failureReason', () => {
  it('reads JSON step errors, drops error class names and stack lines, and translates internal failures', () => {
    expect(failureReason('{"errorMessage":"sm20.csv: file is empty"}')).toBe('sm20.csv: file is empty');
    expect(failureReason('Error: bad thing\n    at foo (x.js:1:1)')).toBe('bad thing');
    expect(failureReason('States.Timeout')).toMatch(/took too long/);
    expect(failureReason('States.TaskFailed')).toMatch(/internal error/);
    expect(failureReason('')).toBe('No reason was recorded for this failure.');
  });
});
