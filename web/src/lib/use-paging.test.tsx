import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { usePaging } from './use-paging.ts';

const rows = Array.from({ length: 120 }, (_, i) => i);

describe('usePaging', () => {
  it('pages by 50, and any new filter starts again at page 1 (also when an earlier filter returns)', () => {
    const { result, rerender } = renderHook(({ key }) => usePaging(rows, key), { initialProps: { key: '' } });
    expect([result.current.pages, result.current.range]).toEqual([3, '1–50 of 120']);
    act(() => result.current.setPage(3));
    expect([result.current.page, result.current.pageItems[0], result.current.range]).toEqual([3, 100, '101–120 of 120']);
    rerender({ key: 'Z' });
    expect(result.current.page).toBe(1);
    rerender({ key: '' });
    expect([result.current.page, result.current.pageItems[0]]).toEqual([1, 0]);
  });

  it('keeps the page inside a list that shrank', () => {
    const { result, rerender } = renderHook(({ items }) => usePaging(items, ''), { initialProps: { items: rows } });
    act(() => result.current.setPage(3));
    rerender({ items: rows.slice(0, 60) });
    expect([result.current.page, result.current.range]).toEqual([2, '51–60 of 60']);
  });
});
