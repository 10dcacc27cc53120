import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../test-utils/render.tsx';
import { CursorPager, useCursorPages } from './CursorPager.tsx';

/** A server list of three pages: page n answers the cursor of page n + 1. */
const NEXT: Record<string, string | undefined> = { first: 'c2', c2: 'c3', c3: undefined };

function Pages() {
  const pages = useCursorPages();
  const at = pages.cursor ?? 'first';
  return (
    <>
      <output aria-label="page">{at}</output>
      <button type="button" onClick={pages.reset}>
        Reset
      </button>
      <CursorPager pages={pages} nextCursor={NEXT[at]} summary={`page after ${pages.depth}`} />
    </>
  );
}

describe('CursorPager', () => {
  it('walks forward by the answered cursor and back by the ones passed, and resets to the first page', async () => {
    const user = userEvent.setup();
    render(<Pages />);
    const page = () => screen.getByRole('status', { name: 'page' }).textContent;
    expect(page()).toBe('first');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect([page(), screen.getByText(/page after/).textContent]).toEqual(['c3', 'page after 2']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(page()).toBe('c2');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(page()).toBe('first');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });
});
