import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderWithQuery } from '../../test-utils/render-with-query.tsx';
import { ReviewProgressLine } from './ReviewProgressLine.tsx';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const counts = (over: object) => ({ total: 12, open: 7, reviewed: 3, suppressed: 2, toReview: 10, criticalOpen: 2, byStatus: {}, bySeverity: {}, ...over });

describe('ReviewProgressLine', () => {
  it('says how many findings are reviewed, suppressed and critical open', async () => {
    const api = await startApiServer({ 'GET /results/a-1/findings?limit=1': () => ({ status: 200, body: { findings: [], counts: counts({}) } }) });
    close = api.close;
    renderWithQuery(<ReviewProgressLine analysisId="a-1" />);
    expect(await screen.findByTestId('review-progress-line')).toHaveTextContent('3 of 10 findings reviewed · 2 suppressed · 2 critical open');
  });

  it('names the decisions taken, in the one order, and writes large counts with separators', async () => {
    const api = await startApiServer({ 'GET /results/a-1/findings?limit=1': () => ({ status: 200, body: { findings: [], counts: counts({ toReview: 122_707, byStatus: { open: 122_704, escalated: 2, explained: 1 } }) } }) });
    close = api.close;
    renderWithQuery(<ReviewProgressLine analysisId="a-1" />);
    expect(await screen.findByTestId('review-progress-line')).toHaveTextContent('3 of 122,707 findings reviewed: 1 Explained, 2 Escalated · 2 suppressed · 2 critical open');
  });

  it('shows nothing for an analysis without findings or when the findings cannot be read', async () => {
    const api = await startApiServer({ 'GET /results/a-1/findings?limit=1': () => ({ status: 200, body: { findings: [], counts: counts({ total: 0 }) } }) });
    close = api.close;
    const { container } = renderWithQuery(
      <>
        <ReviewProgressLine analysisId="a-1" />
        <ReviewProgressLine analysisId="a-2" />
      </>,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(api.calls.map((c) => c.path).sort()).toEqual(['/results/a-1/findings?limit=1', '/results/a-2/findings?limit=1']);
    expect(container.querySelector('[data-testid="review-progress-line"]')).toBeNull();
  });
});
