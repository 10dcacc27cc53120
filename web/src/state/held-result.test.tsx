import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { forgetHeldResult, HeldResultProvider, useHeldResult } from './held-result.tsx';

function Probe() {
  const { result, hold } = useHeldResult();
  return (
    <>
      <span data-testid="held">{result?.analysisId ?? 'none'}</span>
      <button onClick={() => hold({ analysisId: 'a-42', status: 'completed' })}>hold</button>
    </>
  );
}

describe('held result', () => {
  it('keeps the completed analysis in sessionStorage and forgets it on sign-out', () => {
    sessionStorage.clear();
    const first = render(
      <HeldResultProvider>
        <Probe />
      </HeldResultProvider>,
    );
    act(() => screen.getByText('hold').click());
    expect(screen.getByTestId('held').textContent).toBe('a-42');
    first.unmount();

    // A reload (new provider) finds it again.
    render(
      <HeldResultProvider>
        <Probe />
      </HeldResultProvider>,
    );
    expect(screen.getByTestId('held').textContent).toBe('a-42');

    act(() => forgetHeldResult());
    expect(screen.getByTestId('held').textContent).toBe('none');
    expect(sessionStorage.getItem('sap-analyzer:held-result')).toBeNull();
  });
});
