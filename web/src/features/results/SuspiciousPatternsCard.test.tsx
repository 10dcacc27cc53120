import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithQuery } from '../../test-utils/render-with-query.tsx';
import { startApiServer } from '../../test-utils/api-server.ts';
import { SuspiciousPatternsCard } from './SuspiciousPatternsCard.tsx';

const p = (pattern: string, risk_level: string, sm20_time: string) => ({ pattern, risk_level, user: 'KWEBER', sm20_time, sm20_activity: 'SE16N' });

describe('SuspiciousPatternsCard', () => {
  it('lists critical before high, medium and low, by time within a level, with a title and an explanation', () => {
    renderWithQuery(
      <SuspiciousPatternsCard
        patterns={[
          p('CHANGE_WITHOUT_TICKET', 'high', '2025-03-05 10:00:00'),
          p('FAILED_LOGON_BURST', 'medium', '2025-03-01 08:00:00'),
          p('CHANGE_WITHOUT_TICKET', 'high', '2025-03-04 10:00:00'),
          p('SOME_NEW_RULE', 'low', '2025-03-01 08:00:00'),
          p('DEBUGGER_DATA_CHANGE', 'critical', '2025-03-06 23:00:00'),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('pattern-row');
    expect(rows.map((r) => r.getAttribute('data-level'))).toEqual(['critical', 'high', 'high', 'medium', 'low']);
    expect(within(rows[0]!).getByText('Debugger change followed by a data change')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/debugger field change followed by a data change/)).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('2025-03-04 10:00:00');
    expect(within(rows[4]!).getByText('Some new rule')).toBeInTheDocument();
    expect(screen.getByText('5 found, most severe first.')).toBeInTheDocument();
  });

  it('shows the whole risk word in the badge', () => {
    renderWithQuery(<SuspiciousPatternsCard patterns={[p('SELF_AUTHORIZATION', 'critical', '2025-03-06 23:00:00')]} />);
    const badge = screen.getByText('critical');
    expect(getComputedStyle(badge).textOverflow).not.toBe('ellipsis');
  });
});

describe('SuspiciousPatternsCard with the analysis (issue 27)', () => {
  it("states the analysis's thresholds and marks a suppressed pattern with rule, user and reason", async () => {
    const suppressedFinding = {
      findingId: 'f1',
      kind: 'pattern',
      rule: { id: 'PAT-FAILED-LOGON-BURST', title: 'Burst of failed logons', severity: 'medium' },
      user: 'KWEBER',
      time: '2025-03-01 08:00:00',
      object: '',
      terminal: '',
      summary: '',
      source: { pattern: 'FAILED_LOGON_BURST' },
      review: { status: 'open', comment: '', ticket: '', reviewer: null, reviewedAt: null, suppressionId: null },
      suppressed: { suppressionId: 's1', reason: 'pen test, CHG-7', expiresAt: '2027-01-01T00:00:00Z' },
    };
    const api = await startApiServer({
      'GET /results/a-1/findings?status=suppressed&limit=200': () => ({ status: 200, body: { findings: [suppressedFinding] } }),
    });
    try {
      renderWithQuery(
        <SuspiciousPatternsCard
          analysisId="a-1"
          settings={{ thresholds: { burst: { count: 3, minutes: 10 }, bruteForceMinutes: 30, massDownload: { count: 10, minutes: 60 } } }}
          patterns={[p('FAILED_LOGON_BURST', 'medium', '2025-03-01 08:00:00'), p('MASS_DOWNLOAD', 'high', '2025-03-02 08:00:00')]}
        />,
      );
      expect(screen.getByText('3 or more failed logons within 10 minutes')).toBeInTheDocument();
      expect(screen.getByText('10 or more downloads by one user within 60 minutes')).toBeInTheDocument();
      expect(screen.queryByText(/Five or more/)).not.toBeInTheDocument();
      expect(await screen.findByTestId('pattern-suppressed')).toHaveTextContent('Suppressed: PAT-FAILED-LOGON-BURST for KWEBER — pen test, CHG-7');
      const rows = screen.getAllByTestId('pattern-row');
      expect(rows.map((r) => r.getAttribute('data-suppressed'))).toEqual([null, 'true']);
    } finally {
      await api.close();
    }
  });
});

describe('SuspiciousPatternsCard with more patterns than the result carries (issue 24)', () => {
  it('counts every pattern and reads the other pages from GET /results/{id}/patterns, in the server’s order', async () => {
    // The server's listing: most severe first, then by time; the result carries the first three.
    const all = Array.from({ length: 60 }, (_, i) => ({ ...p('CHANGE_WITHOUT_TICKET', i < 30 ? 'high' : 'medium', `2025-03-01 ${String(i % 24).padStart(2, '0')}:00:00`), sm20_activity: `FK02 #${i}` }));
    const api = await startApiServer({
      'GET /results/a-2/findings?status=suppressed&limit=200': () => ({ status: 200, body: { findings: [] } }),
      'GET /results/a-2/patterns?offset=0&limit=25': () => ({ status: 200, body: { total: 60, offset: 0, patterns: all.slice(0, 25) } }),
      'GET /results/a-2/patterns?offset=25&limit=25': () => ({ status: 200, body: { total: 60, offset: 25, patterns: all.slice(25, 50) } }),
      'GET /results/a-2/patterns?offset=50&limit=25': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Failed to read the patterns' } } }),
    });
    try {
      renderWithQuery(<SuspiciousPatternsCard analysisId="a-2" patterns={all.slice(0, 3)} total={60} />);
      expect(screen.getByText('60 found, most severe first.')).toBeInTheDocument();
      expect(await screen.findByText('FK02 #24')).toBeInTheDocument();
      expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Next page of patterns' }));
      expect(await screen.findByText('FK02 #25')).toBeInTheDocument();
      expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
      const rows = screen.getAllByTestId('pattern-row');
      expect(rows).toHaveLength(25);
      expect(rows.map((r) => r.getAttribute('data-level'))).toEqual([...Array(5).fill('high'), ...Array(20).fill('medium')]);
      fireEvent.click(screen.getByRole('button', { name: 'Next page of patterns' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/patterns/);
    } finally {
      await api.close();
    }
  });
});
