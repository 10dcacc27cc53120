/** Which days the Security Events Timeline shows: always days of the data analysed, never "today". */
import type { TimelinePoint } from './aggregate.ts';

export const LAST_DAYS = 30;

export type PeriodChoice = 'last30' | 'all' | 'custom';

export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** First and last record day of the data, or null without data. */
export function dataPeriod(points: TimelinePoint[]): Period | null {
  return points.length ? { from: points[0]!.day, to: points[points.length - 1]!.day } : null;
}

/** The period a choice stands for; a custom period is kept in order and inside nothing else. */
export function choosePeriod(choice: PeriodChoice, data: Period, custom?: Partial<Period>): Period {
  if (choice === 'all') return data;
  if (choice === 'last30') {
    const from = addDays(data.to, -(LAST_DAYS - 1));
    return { from: from < data.from ? data.from : from, to: data.to };
  }
  const from = custom?.from || data.from;
  const to = custom?.to || data.to;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** One point per day of the period, zero on days without events. */
export function pointsIn(points: TimelinePoint[], period: Period): TimelinePoint[] {
  const byDay = new Map(points.map((p) => [p.day, p]));
  const n = Math.min(daysBetween(period.from, period.to), 3660);
  return Array.from({ length: Math.max(n, 0) }, (_, i) => {
    const day = addDays(period.from, i);
    return byDay.get(day) ?? { day, failedLogins: 0, highRisk: 0, dataModifications: 0 };
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2025-03-05" -> "5 Mar 2025" (the year always shown: data is rarely from this year's calendar). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

/** "5 Mar 2025 – 20 Jul 2025 (138 days)". */
export function describePeriod(period: Period): string {
  const n = daysBetween(period.from, period.to);
  return period.from === period.to ? `${formatDay(period.from)} (1 day)` : `${formatDay(period.from)} – ${formatDay(period.to)} (${n} days)`;
}
