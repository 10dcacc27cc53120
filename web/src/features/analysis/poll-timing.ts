/**
 * When the analysis page polls GET /results/{id} (spec section 4): the first poll 1 s after the
 * analysis was started if the start response said 'processing', otherwise 2 s; then every 2 s
 * while the status is 'processing' or unknown; never again once 'completed' or 'failed'.
 */
export const FIRST_POLL_IF_PROCESSING_MS = 1000;
export const POLL_MS = 2000;
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed']);

/** What the upload screens learnt from POST /analyze, handed to the analysis page. */
export interface AnalysisStart {
  /** The status in the start response, e.g. 'processing'. */
  status?: string;
  /** Epoch ms when the start response arrived. */
  at: number;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    analysisStart?: AnalysisStart;
  }
}

/**
 * Milliseconds to wait before the first poll. The page opens 1 s after the start, so time already
 * spent counts; a page opened without a start (e.g. from the dashboard) polls at once.
 *
 * @example firstPollDelay({ status: 'processing', at: 0 }, 400) // 600
 */
export function firstPollDelay(start: AnalysisStart | undefined, now: number): number {
  if (!start) return 0;
  const wait = start.status === 'processing' ? FIRST_POLL_IF_PROCESSING_MS : POLL_MS;
  return Math.max(0, start.at + wait - now);
}

/** The next poll interval for a status, or false to stop (terminal status or a polling error). */
export function nextPollInterval(status: string | undefined, failedToPoll: boolean): number | false {
  if (failedToPoll) return false;
  return status !== undefined && TERMINAL_STATUSES.has(status) ? false : POLL_MS;
}
