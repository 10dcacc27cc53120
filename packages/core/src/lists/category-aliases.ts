/**
 * One name per category across both high-risk lists (issues 15 and 27): the names of the right
 * column are the canonical ones, the shipped defaults use them, and a stored, imported, created or
 * edited entry under a name of the left column is filed under the canonical one.
 */
export const CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  'Financial Posting': 'Finance',
  Payment: 'Payment & Banking',
  Jobs: 'Job Scheduling',
  'User & Authorization': 'User Administration',
  'System Configuration': 'System Administration',
};

const BY_LOWER = new Map(Object.entries(CATEGORY_ALIASES).map(([alias, canonical]) => [alias.toLowerCase(), canonical]));

/**
 * The canonical name of a category (an alias in any case); any other name unchanged.
 * @example canonicalCategory('Payment') // 'Payment & Banking'
 * @example canonicalCategory('user & authorization') // 'User Administration'
 */
export function canonicalCategory(category: string): string {
  return BY_LOWER.get(category.trim().toLowerCase()) ?? category;
}
