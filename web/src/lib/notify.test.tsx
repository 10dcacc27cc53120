import { describe, expect, it, vi } from 'vitest';
import { act, screen, fireEvent } from '@testing-library/react';
import { render } from '../test-utils/render.tsx';
import { notify } from './notify.ts';

describe('notify', () => {
  it('shows a sanitised toast of the given type with working actions', async () => {
    render(<div />);
    const retry = vi.fn();
    act(() => {
      notify.error('<b>big.csv</b>: <a href="x">Upload</a> failed<script>alert(1)</script>', {
        persistent: true,
        actions: [{ label: 'Retry', onClick: retry }],
      });
    });
    const text = await screen.findByText(/failed/);
    expect(text.closest('[data-toast-text]')!.innerHTML).toBe('<b>big.csv</b>: Upload failed');
    expect(document.querySelector('[data-toast-type="error"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('names the close button for screen readers', async () => {
    render(<div />);
    act(() => {
      notify.success('3 file(s) added successfully');
    });
    expect(await screen.findByRole('button', { name: 'Close notification' })).toBeInTheDocument();
  });
});
