/**
 * The default high-risk tables and tcodes named the same categories differently. Both lists use
 * one name per category, so Risk Management offers one list of categories (issue 15).
 */
export const CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  'Financial Posting': 'Finance',
  Payment: 'Payment & Banking',
  Jobs: 'Job Scheduling',
};

/** @example canonicalCategory('Payment') // 'Payment & Banking' */
export function canonicalCategory(category: string): string {
  return CATEGORY_ALIASES[category.trim()] ?? category;
}
