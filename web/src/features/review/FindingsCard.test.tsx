import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { FindingsCard } from './FindingsCard.tsx';
import type { Finding, FindingsPage } from './review-api.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const finding = (id: string, over: Partial<Finding> = {}): Finding => ({
  findingId: id,
  kind: 'record',
  rule: { id: 'TCODE-HIGH-RISK', title: 'High-risk transaction', severity: 'high' },
  user: 'ALICE',
  time: '2026-11-02 10:00:00',
  object: 'SU01',
  terminal: 'TERM1',
  summary: 'High-risk transaction SU01 (User Administration)',
  source: { flag: 'HIGH_RISK_TCODE_FLAG' },
  review: { status: 'open', comment: '', ticket: '', reviewer: null, reviewedAt: null, suppressionId: null },
  suppressed: null,
  ...over,
});

const page = (findings: Finding[]): FindingsPage => ({
  analysisId: 'a-1',
  findings,
  matched: findings.length,
  nextCursor: null,
  counts: { total: 40, open: 26, reviewed: 12, suppressed: 2, toReview: 38, criticalOpen: 3, byStatus: { open: 28, explained: 10, false_positive: 1, escalated: 1 }, bySeverity: { critical: 3, high: 37, medium: 0, low: 0 } },
  rules: [{ id: 'TCODE-HIGH-RISK', title: 'High-risk transaction', severity: 'high' }],
  recordCoverage: { perFlagCap: 10, flags: [] },
  suppressionSnapshot: { takenAt: '2026-11-25T10:00:00Z', applied: [] },
});

describe('FindingsCard', () => {
  it('shows review progress, suppressed findings with their reason, and saves a triage with the audit trail shown', async () => {
    const suppressed = finding('f0000000000000000002', { suppressed: { suppressionId: 's1', reason: 'Known admin job', expiresAt: '2027-01-01T00:00:00Z' } });
    const api = await startApiServer({
      'GET /results/a-1/findings?limit=25': () => ({ status: 200, body: page([finding('f0000000000000000001'), suppressed]) }),
      'GET /results/a-1/findings/f0000000000000000001': () => ({
        status: 200,
        body: { finding: finding('f0000000000000000001'), evidence: [{ FILE_TYPE: 'SM20', SOURCE_FILE: 'sm20.csv', User: 'ALICE', HIGH_RISK_TCODE_FLAG: 'High-risk transaction SU01 (User Administration)' }], trail: [{ status: 'escalated', previousStatus: 'open', comment: 'Who approved?', ticket: '', reviewer: 'lead@test.local', reviewedAt: '2026-11-20T09:00:00Z' }] },
      }),
      'PUT /results/a-1/findings/f0000000000000000001/review': (body) => ({ status: 200, body: { finding: { ...finding('f0000000000000000001'), review: body } } }),
    });
    close = api.close;
    renderRoute(() => <FindingsCard analysisId="a-1" />);
    expect(await screen.findByTestId('review-progress')).toHaveTextContent('12 of 38 findings reviewed: 10 Explained, 1 False positive, 1 Escalated · 2 suppressed · 3 critical open');
    expect(screen.getByText('TCODE-HIGH-RISK for ALICE — Known admin job')).toBeInTheDocument();
    expect(screen.queryByText(/by Known admin job/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Timeline of ALICE' })[0]).toHaveAttribute('href', '/results/a-1/timeline?user=ALICE');

    await userEvent.click(screen.getAllByRole('button', { name: /^Review High-risk transaction ALICE/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/lead@test.local · Open → Escalated · “Who approved\?”/)).toBeInTheDocument();
    // What the finding rests on: its record, the reason first.
    expect(within(dialog).getByRole('region', { name: 'Evidence' })).toHaveTextContent('High-risk transaction SU01 (User Administration)');
    await userEvent.click(within(dialog).getByText('Explained'));
    expect(within(dialog).getByRole('button', { name: 'Save review' })).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Approved in CHG-1001');
    await userEvent.type(within(dialog).getByLabelText('Ticket'), 'CHG-1001');
    await userEvent.click(within(dialog).getByLabelText('Suppress this finding in later analyses'));
    await userEvent.click(within(dialog).getByLabelText('Only for object SU01'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      status: 'explained',
      comment: 'Approved in CHG-1001',
      ticket: 'CHG-1001',
      suppress: { expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), matchObject: true, matchTerminal: false },
    });
  });

  it('applies a bulk action to the selected findings', async () => {
    const api = await startApiServer({
      'GET /results/a-1/findings?limit=25': () => ({ status: 200, body: page([finding('f0000000000000000001'), finding('f0000000000000000003', { user: 'BOB' })]) }),
      'PUT /results/a-1/findings/review': (body) => ({ status: 200, body: { updated: (body as { findingIds: string[] }).findingIds.length } }),
    });
    close = api.close;
    renderRoute(() => <FindingsCard analysisId="a-1" />);
    await userEvent.click(await screen.findByLabelText('Select all findings on this page'));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('2 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'False positive' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Review 2 selected findings');
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Test system');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'false_positive', comment: 'Test system', ticket: '', findingIds: ['f0000000000000000001', 'f0000000000000000003'] });
  });

  it('says "every finding of the analysis" for a bulk triage with no filter set (the cases test names a filter)', async () => {
    const api = await startApiServer({
      'GET /results/a-1/findings?limit=25': () => ({ status: 200, body: page([finding('f0000000000000000001'), finding('f0000000000000000002')]) }),
    });
    close = api.close;
    renderRoute(() => <FindingsCard analysisId="a-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Review all 2 matching…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('bulk-filter-description')).toHaveTextContent(/^Every finding of the analysis, on every page: 2 findings, each with its own trail entry\.$/);
  });
});

