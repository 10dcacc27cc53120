import { REVIEW_STATUSES } from '@app/core/review/types.ts';
import type { FindingsPage, ReviewStatus, Severity } from './review-api.ts';

/** The review decisions in the one order every view offers them (the product spec's): Open, Explained, False positive, Escalated. */
export const REVIEW_DECISIONS: readonly ReviewStatus[] = REVIEW_STATUSES;

export const STATUS_LABEL: Record<ReviewStatus, string> = {
  open: 'Open',
  explained: 'Explained',
  false_positive: 'False positive',
  escalated: 'Escalated',
};

// Shades chosen for AA contrast (as the patterns card); autoContrast picks the text colour.
export const SEVERITY_COLOR: Record<Severity, string> = { critical: 'red.9', high: 'orange.4', medium: 'yellow.3', low: 'blue.8' };
export const STATUS_COLOR: Record<ReviewStatus, string> = { open: 'gray.8', explained: 'teal.9', false_positive: 'blue.9', escalated: 'red.9' };

/**
 * The decisions taken, in the one order: ": Escalated" where every one of `all` has that decision,
 * ": 5 Explained, 3 Escalated" otherwise; "" where none is taken (or the server did not say).
 */
export function decisionsText(decisions: Partial<Record<ReviewStatus, number>> | undefined, all: number): string {
  const taken = REVIEW_DECISIONS.flatMap((s) => (s !== 'open' && (decisions?.[s] ?? 0) > 0 ? [[s, decisions![s]!] as const] : []));
  if (taken.length === 0) return '';
  if (taken.length === 1 && taken[0]![1] === all) return `: ${STATUS_LABEL[taken[0]![0]]}`;
  return `: ${taken.map(([s, n]) => `${n.toLocaleString('en-US')} ${STATUS_LABEL[s]}`).join(', ')}`;
}

/** "12 of 40 findings reviewed: 9 Explained, 3 Escalated" (suppressed findings need no review and are counted apart). */
export function progressText(c: { reviewed: number; toReview: number; suppressed: number; criticalOpen: number; byStatus?: Partial<Record<ReviewStatus, number>> }): string {
  let s = `${c.reviewed.toLocaleString('en-US')} of ${c.toReview.toLocaleString('en-US')} ${c.toReview === 1 ? 'finding' : 'findings'} reviewed${decisionsText(c.byStatus, c.toReview)}`;
  if (c.suppressed > 0) s += ` · ${c.suppressed.toLocaleString('en-US')} suppressed`;
  if (c.criticalOpen > 0) s += ` · ${c.criticalOpen.toLocaleString('en-US')} critical open`;
  return s;
}

/** The date input's value one quarter ahead, the usual life of an explanation. */
export function defaultExpiry(now = new Date()): string {
  return new Date(now.getTime() + 90 * 86_400_000).toISOString().slice(0, 10);
}

/** Which flagged records are findings: all of high severity (and how many past the cap), or the samples of an older analysis. */
export function recordSourceText(data: Pick<FindingsPage, 'recordSource' | 'recordCoverage'>): string {
  const source = data.recordSource;
  if (!source || source.kind === 'samples') return `up to ${source?.perFlag ?? data.recordCoverage.perFlagCap} flagged records per flag are findings (analysed before every one was kept)`;
  const rest = source.total - source.listed;
  if (rest > 0) return `the first ${source.listed.toLocaleString('en-US')} of ${source.total.toLocaleString('en-US')} high-severity flagged records are findings (at most ${source.cap.toLocaleString('en-US')}; ${rest.toLocaleString('en-US')} more)`;
  return 'every high-severity flagged record is a finding';
}
