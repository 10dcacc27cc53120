import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { render } from '../../test-utils/render.tsx';
import { ErrorScreen } from './ErrorScreen.tsx';

describe('ErrorScreen', () => {
  it('offers Try Again and Reload Page and shows an error ID', () => {
    const reset = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ErrorScreen error={new Error('boom')} reset={reset} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(screen.getByText(/^Error ID:/).textContent).toMatch(/^Error ID: [A-Z0-9]{4,8}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reset).toHaveBeenCalledTimes(1);
  });
});
