import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { RecentAnalyses } from './RecentAnalyses.tsx';

describe('RecentAnalyses', () => {
  it('labels an analysis without records No data, not Clean', async () => {
    renderRoute(() => (
      <RecentAnalyses
        loading={false}
        analyses={[
          { analysisId: 'empty-1', fileName: 'empty.csv', status: 'completed', createdAt: '2026-01-02T10:00:00Z', summary: { total_records: 0, flagged_records: 0, flag_counts: {} } },
          { analysisId: 'clean-1', fileName: 'clean.csv', status: 'completed', createdAt: '2026-01-01T10:00:00Z', summary: { total_records: 5, flagged_records: 0, flag_counts: {} } },
          // 1 % flagged (Low by share), but the engine raised it: it holds a critical case.
          { analysisId: 'crit-1', fileName: 'crit.csv', status: 'completed', risk: 'Critical', createdAt: '2025-12-31T10:00:00Z', summary: { total_records: 100, flagged_records: 1, flag_counts: {} } },
        ]}
      />
    ));
    const rows = await screen.findAllByTestId('recent-analysis');
    expect(rows[0]).toHaveTextContent('empty.csv');
    expect(rows[0]!.querySelector('[data-risk]')).toHaveTextContent('No data');
    expect(rows[1]!.querySelector('[data-risk]')).toHaveTextContent('Clean');
    expect(rows[2]!.querySelector('[data-risk]')).toHaveTextContent('Critical Risk');
  });

  it('says a load error instead of "No analyses found"', async () => {
    renderRoute(() => <RecentAnalyses loading={false} analyses={[]} error="Database unavailable" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your analyses could not be loaded: Database unavailable');
    expect(screen.queryByText(/No analyses found/)).toBeNull();
  });
});
