import { useCallback, useState } from 'react';

export const PAGE_SIZE = 50;

/**
 * One page of a long list; back to the first page when `resetKey` (the filter) changes.
 * @example const { page, setPage, pageItems, pages, range } = usePaging(rows, `${search}|${category}`)
 */
export function usePaging<T>(items: readonly T[], resetKey: string, size = PAGE_SIZE) {
  // The page belongs to the filter it was chosen under: a new filter reads as page 1 at once.
  const [chosen, setChosen] = useState({ page: 1, key: resetKey });
  if (chosen.key !== resetKey) setChosen({ page: 1, key: resetKey });
  const page = chosen.key === resetKey ? chosen.page : 1;
  const setPage = useCallback((next: number) => setChosen({ page: next, key: resetKey }), [resetKey]);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages);
  const start = (current - 1) * size;
  return {
    page: current,
    setPage,
    pages,
    pageItems: items.slice(start, start + size),
    /** "51–100 of 149", or '' for an empty list. */
    range: items.length ? `${start + 1}–${Math.min(start + size, items.length)} of ${items.length}` : '',
  };
}
