import { useEffect, useState } from 'react';

export const PAGE_SIZE = 50;

/**
 * One page of a long list; back to the first page when `resetKey` (the filter) changes.
 * @example const { page, setPage, pageItems, pages, range } = usePaging(rows, `${search}|${category}`)
 */
export function usePaging<T>(items: readonly T[], resetKey: string, size = PAGE_SIZE) {
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [resetKey]);
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
