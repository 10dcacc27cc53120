/**
 * Catalogue texts that state the thresholds of an analysis: `{burst.count}`, `{massDownload.minutes}`,
 * `{bankPaymentDays}` … name a key of the detection settings and are replaced by its value (the
 * defaults in the catalogue as the rules page shows it), so no text says "five or more" when the
 * burst was set to 3.
 */
import type { DetectionThresholds } from '../model/index.ts';

const PLACEHOLDER = /\{([a-zA-Z]+)(?:\.([a-zA-Z]+))?\}/g;

/**
 * @example fillThresholds('{burst.count} failed logons within {burst.minutes} minutes', DEFAULT_THRESHOLDS) // "5 failed logons within 10 minutes"
 */
export function fillThresholds(text: string, th: DetectionThresholds): string {
  return text.replace(PLACEHOLDER, (whole, key: string, sub: string | undefined) => {
    const v = (th as unknown as Record<string, unknown>)[key];
    const value = sub === undefined ? v : (v as Record<string, unknown> | undefined)?.[sub];
    return typeof value === 'number' || typeof value === 'string' ? String(value) : whole;
  });
}
