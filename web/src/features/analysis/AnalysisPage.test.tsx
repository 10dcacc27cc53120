import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { startApiServer, type Handler } from '../../test-utils/api-server.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { AnalyzingProvider } from '../../state/analyzing.tsx';
import { HeldResultProvider } from '../../state/held-result.tsx';
import type { AnalysisResult } from '../../api/types.ts';
import { AnalysisPage } from './AnalysisPage.tsx';
import { firstPollDelay, nextPollInterval, type AnalysisStart } from './poll-timing.ts';

// Captured before timers are faked: the loopback server answers in real time.
const realSetTimeout = globalThis.setTimeout;
const realPause = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));

let close: (() => Promise<void>) | undefined;
beforeEach(() => {
  sessionStorage.clear();
});
afterEach(async () => {
  vi.useRealTimers();
  await close?.();
  close = undefined;
});

const COMPLETED: AnalysisResult = {
  analysisId: 'an-1',
  status: 'completed',
  analysis_type: 'single',
  fileType: 'SM20',
  completedAt: '2026-01-02T10:00:00Z',
  summary: { total_records: 200, flagged_records: 4, flag_counts: {} },
};

/** Serves GET /results/an-1 from `answers` in turn (the last one repeats), noting each poll's fake time. */
async function startPollServer(answers: ReturnType<Handler>[]) {
  const polledAt: number[] = [];
  const api = await startApiServer({
    'GET /results/an-1': () => {
      polledAt.push(Date.now());
      return answers[Math.min(polledAt.length - 1, answers.length - 1)]!;
    },
  });
  close = api.close;
  return polledAt;
}

/** Lets the loopback server answer and React commit, without moving the fake clock. */
async function settle() {
  for (let i = 0; i < 10; i++) {
    await realPause(5);
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

function renderPage(start?: AnalysisStart) {
  renderRoute(() => (
    <HeldResultProvider>
      <AnalyzingProvider>
        <AnalysisPage analysisId="an-1" start={start} />
      </AnalyzingProvider>
    </HeldResultProvider>
  ));
}

function fakeTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: 1_000_000 });
}

const processing = { status: 200, body: { analysisId: 'an-1', status: 'processing' } };

describe('analysis status poll (spec section 4)', () => {
  it('polls 1 s after a processing start, then every 2 s through unknown statuses, and stops when completed', async () => {
    fakeTimers();
    const polledAt = await startPollServer([processing, { status: 200, body: { analysisId: 'an-1', status: 'queued' } }, { status: 200, body: COMPLETED }]);
    const t0 = Date.now();
    renderPage({ status: 'processing', at: t0 });
    await settle();
    await advance(999);
    expect(polledAt).toEqual([]);
    await advance(1);
    expect(polledAt).toEqual([t0 + 1000]);
    expect(screen.getByText('Analysis in progress')).toBeInTheDocument();

    await advance(1999);
    expect(polledAt).toHaveLength(1);
    await advance(1);
    expect(polledAt).toEqual([t0 + 1000, t0 + 3000]);
    expect(screen.getByText('Analysis in progress')).toBeInTheDocument();

    await advance(2000);
    expect(polledAt).toEqual([t0 + 1000, t0 + 3000, t0 + 5000]);
    expect(screen.getByRole('heading', { name: 'Analysis Complete!' })).toBeInTheDocument();
    expect(screen.getByText('2.00%')).toBeInTheDocument();
    // Completed: the result is held for /results and polling stops.
    expect(JSON.parse(sessionStorage.getItem('sap-analyzer:held-result') ?? '{}').analysisId).toBe('an-1');
    await advance(6000);
    expect(polledAt).toHaveLength(3);
  });

  it('waits 2 s for the first poll when the start response did not say processing, counting time already spent', async () => {
    fakeTimers();
    const polledAt = await startPollServer([processing]);
    const t0 = Date.now();
    // The page opens 1 s after the start (the navigation delay).
    renderPage({ status: 'queued', at: t0 - 1000 });
    await settle();
    await advance(999);
    expect(polledAt).toEqual([]);
    await advance(1);
    expect(polledAt).toEqual([t0 + 1000]);
  });

  it('shows the failure message, or "Analysis failed" when the server gives none, and stops polling', async () => {
    fakeTimers();
    const polledAt = await startPollServer([{ status: 200, body: { analysisId: 'an-1', status: 'failed', error: 'CDPOS file has no TABNAME column' } }]);
    renderPage();
    await settle();
    expect(polledAt).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('CDPOS file has no TABNAME column');
    await advance(4000);
    expect(polledAt).toHaveLength(1);
  });

  it('reads a raw step error as a sentence', async () => {
    fakeTimers();
    await startPollServer([{ status: 200, body: { analysisId: 'an-1', status: 'failed', error: '{"errorMessage":"EngineError: sm20.csv: the file is empty"}' } }]);
    renderPage();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('sm20.csv: the file is empty');
    expect(screen.getByRole('alert')).not.toHaveTextContent('errorMessage');
  });

  it('says "Analysis failed" for a failed analysis without an error', async () => {
    fakeTimers();
    await startPollServer([{ status: 200, body: { analysisId: 'an-1', status: 'failed' } }]);
    renderPage();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Analysis failed');
  });

  it('shows a polling error with its message, or "Failed to get analysis results", and stops polling', async () => {
    fakeTimers();
    const polledAt = await startPollServer([{ status: 500, body: { error: { code: 'INTERNAL', message: 'Table read timed out' } } }]);
    renderPage();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Table read timed out');
    await advance(4000);
    expect(polledAt).toHaveLength(1);
    await close?.();

    await startPollServer([{ status: 500, body: {} }]);
    renderPage();
    await settle();
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('Failed to get analysis results');
  });
});

describe('poll timing rules', () => {
  it('computes the first delay from the start response and the time already spent', () => {
    expect(firstPollDelay({ status: 'processing', at: 0 }, 0)).toBe(1000);
    expect(firstPollDelay({ status: 'processing', at: 0 }, 1000)).toBe(0);
    expect(firstPollDelay({ status: 'pending', at: 0 }, 500)).toBe(1500);
    expect(firstPollDelay({ at: 0 }, 2500)).toBe(0);
    expect(firstPollDelay(undefined, 123)).toBe(0);
  });

  it('polls every 2 s until completed or failed, and stops on a polling error', () => {
    expect(nextPollInterval('processing', false)).toBe(2000);
    expect(nextPollInterval('something-new', false)).toBe(2000);
    expect(nextPollInterval(undefined, false)).toBe(2000);
    expect(nextPollInterval('completed', false)).toBe(false);
    expect(nextPollInterval('failed', false)).toBe(false);
    expect(nextPollInterval('processing', true)).toBe(false);
  });
});
