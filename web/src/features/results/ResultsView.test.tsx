import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AnalysisResult } from '../../api/types.ts';
import { HeldResultProvider } from '../../state/held-result.tsx';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { ResultsView } from './ResultsView.tsx';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const DAMAGED = 'The stored summary of this analysis is damaged and cannot be shown; the Excel and CSV results can still be downloaded, or run the analysis again';
const result: AnalysisResult = {
  analysisId: 'an-1',
  status: 'completed',
  completedAt: '2026-01-02T10:00:00Z',
  summary: { total_records: 200, flagged_records: 4, flag_counts: {} },
  reportError: DAMAGED,
  warnings: ['a.csv: 1 line break inside quoted cells joined lines of the file into one record'],
  excelDownloadUrl: 'http://127.0.0.1:1/blobs/results.xlsx',
  csvDownloadUrl: 'http://127.0.0.1:1/blobs/results.csv',
} as AnalysisResult;

describe('ResultsView', () => {
  it("shows the API's message for a damaged result and its warnings, with the downloads still offered", async () => {
    const api = await startApiServer({ 'GET /results/an-1': () => ({ status: 200, body: result }) });
    close = api.close;
    renderRoute(() => (
      <HeldResultProvider>
        <ResultsView result={result} />
      </HeldResultProvider>
    ));
    expect(await screen.findByText(DAMAGED)).toBeInTheDocument();
    expect(screen.getByText('a.csv: 1 line break inside quoted cells joined lines of the file into one record')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Analysis Complete/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Excel \(multi-sheet\)/ })).toHaveAttribute('href', 'http://127.0.0.1:1/blobs/results.xlsx');
    expect(screen.getByRole('link', { name: /CSV \(combined\)/ })).toHaveAttribute('href', 'http://127.0.0.1:1/blobs/results.csv');
  });
});
