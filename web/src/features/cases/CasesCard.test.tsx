import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { FindingsCard } from '../review/FindingsCard.tsx';
import type { FindingsPage } from '../review/review-api.ts';
import { CasesCard } from './CasesCard.tsx';
import type { CaseSummary, CasesPage } from './cases-api.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const kase = (id: string, over: Partial<CaseSummary> = {}): CaseSummary => ({
  id,
  actor: 'JDOE',
  actor_kind: 'user',
  risk_level: 'critical',
  score: 91,
  first_time: '2026-09-19 10:02:11',
  last_time: '2026-09-19 21:50:12',
  days: 1,
  files: ['sm20.csv'],
  rules: [{ rule: 'PAT-BANK-CHANGE-THEN-PAYMENT', count: 1, first_time: '2026-09-19 10:02:11', routine: false }],
  escalations: [{ kind: 'bank_change_then_payment', text: 'Bank details of vendor 1000 replaced, then a payment to it' }],
  watchlists: [],
  reasons: ['Bank details changed, then a payment (critical pattern): once', '<img src=x onerror=alert(1)>'],
  patterns: 1,
  records: 3,
  context: 2,
  members: 4,
  progress: { members: 4, reviewed: 1, open: 3, suppressed: 0 },
  ...over,
});

const page = (cases: CaseSummary[]): CasesPage => ({
  analysisId: 'a-1',
  cases,
  matched: cases.length,
  nextCursor: null,
  counts: { total: 12, toReview: 9, byRisk: { critical: 1, high: 2, medium: 4, low: 5 }, toReviewByRisk: { critical: 1, high: 2, medium: 3, low: 3 } },
  rules: [{ id: 'PAT-BANK-CHANGE-THEN-PAYMENT', title: 'Bank details changed, then a payment', severity: 'critical', cases: 1 }],
});

describe('CasesCard', () => {
  it('says the cases of an older analysis are being computed (503 PREPARING), and shows them once they are', async () => {
    let calls = 0;
    const api = await startApiServer({
      'GET /results/a-1/cases?limit=10': () =>
        ++calls === 1
          ? { status: 503, body: { error: { code: 'PREPARING', message: 'The cases of this analysis are being computed (it was analysed before cases were stored); this takes a moment' } } }
          : { status: 200, body: page([kase('case-1')]) },
    });
    close = api.close;
    renderRoute(() => <CasesCard analysisId="a-1" />);
    expect(await screen.findByTestId('cases-preparing')).toHaveTextContent('The cases of this analysis are being computed (it was analysed before cases were stored)');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByTestId('cases-counts', {}, { timeout: 6000 })).toHaveTextContent('12 cases');
    expect(calls).toBe(2);
  });

  it('lists cases with their reasons in words (as text), escalations and progress, links each case, and filters by risk', async () => {
    const api = await startApiServer({
      'GET /results/a-1/cases?limit=10': () => ({ status: 200, body: page([kase('case-1'), kase('case-2', { actor: 'BATCH1', risk_level: 'medium', escalations: [], score: 12 })]) }),
      'GET /results/a-1/cases?limit=10&risk=medium': () => ({ status: 200, body: page([kase('case-2', { actor: 'BATCH1', risk_level: 'medium', escalations: [], score: 12 })]) }),
    });
    close = api.close;
    renderRoute(() => <CasesCard analysisId="a-1" />);
    expect(await screen.findByTestId('cases-counts')).toHaveTextContent('12 cases, 9 to review · 1 critical, 2 high, 4 medium, 5 low');
    const items = screen.getAllByTestId('case-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'User JDOE' })).toHaveAttribute('href', '/results/a-1/cases/case-1');
    expect(items[0]).toHaveTextContent('Escalation: Bank details of vendor 1000 replaced, then a payment to it');
    expect(items[0]).toHaveTextContent('1 of 4 reviewed');
    expect(items[0]).toHaveTextContent('4 findings (1 pattern, 3 records) · 2 medium flags as context');
    // Untrusted text stays text.
    expect(within(items[0]!).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src=x]')).toBeNull();

    await userEvent.click(screen.getAllByLabelText('Filter cases by risk')[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Medium (4)' }));
    await waitFor(() => expect(screen.getAllByTestId('case-item')).toHaveLength(1));
    expect(api.calls.some((c) => c.path.endsWith('risk=medium'))).toBe(true);
  });
});

describe('FindingsCard bulk triage by filter', () => {
  it('reviews every finding the filters match, sending the filter and the count shown', async () => {
    const body: FindingsPage = {
      analysisId: 'a-1',
      findings: [],
      matched: 2030,
      nextCursor: '25',
      counts: { total: 4000, open: 4000, reviewed: 0, suppressed: 0, toReview: 4000, criticalOpen: 0, byStatus: { open: 4000, explained: 0, false_positive: 0, escalated: 0 }, bySeverity: { critical: 0, high: 4000, medium: 0, low: 0 } },
      rules: [{ id: 'PAT-CHANGE-WITHOUT-TICKET', title: 'Change without a ticket', severity: 'high' }],
      recordCoverage: { perFlagCap: null, flags: [] },
      suppressionSnapshot: null,
    };
    const api = await startApiServer({
      'GET /results/a-1/findings?limit=25&caseId=case-9': () => ({ status: 200, body }),
      'PUT /results/a-1/findings/review-by-filter': (b) => ({ status: 200, body: { updated: (b as { expected: number }).expected, matched: 2030 } }),
    });
    close = api.close;
    renderRoute(() => <FindingsCard analysisId="a-1" caseId="case-9" title="Findings of this case" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Review all 2,030 matching…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('bulk-filter-description')).toHaveTextContent('Every finding that matches this case, on every page: 2,030 findings');
    await userEvent.click(within(dialog).getByText('Escalated'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'escalated', comment: '', ticket: '', filter: { caseId: 'case-9' }, expected: 2030 });
  });
});
