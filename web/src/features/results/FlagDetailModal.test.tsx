import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { startApiServer, type Handler } from '../../test-utils/api-server.ts';
import { renderWithQuery } from '../../test-utils/render-with-query.tsx';
import { FlagDetailModal } from './FlagDetailModal.tsx';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function open(flag: string, count: number, handler: Handler) {
  const api = await startApiServer({ 'POST /flag-details': handler });
  close = api.close;
  renderWithQuery(<FlagDetailModal analysisId="a-1" flag={flag} count={count} onClose={() => {}} />);
  return api;
}

describe('FlagDetailModal', () => {
  it('shows the OTHER breakdown by occurrences and up to 10 sample records with - for empty values', async () => {
    const records = Array.from({ length: 12 }, (_, i) => ({ USER: `U${i}`, TCODE: i === 0 ? '' : 'SM36' }));
    const api = await open('OTHER', 40, () => ({
      status: 200,
      body: { columns: ['USER', 'TCODE'], records, aggregatedFlags: { config: 3, security: 30, transport: 7 }, total: 40 },
    }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('OTHER')).toBeInTheDocument();
    const table = await within(dialog).findByTestId('flag-sample-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11); // header + 10
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['U0', '-']);
    const categories = within(dialog).getAllByRole('row').filter((r) => /security|config|transport/.test(r.textContent ?? ''));
    expect(categories.map((r) => r.textContent)).toEqual(['security30', 'transport7', 'config3']);
    expect(within(dialog).getByText('Showing 10 of 40 records. Download the results to see all of them.')).toBeInTheDocument();
    expect(within(dialog).getByText('What does this flag mean?')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/flag-details')?.body).toEqual({ analysisId: 'a-1', flagName: 'OTHER' });
  });

  it('shows the error state with advice to download the CSV', async () => {
    await open('DEBUG_FLAG', 2, () => ({ status: 500, body: { error: { code: 'X', message: 'Samples unavailable' } } }));
    expect(await screen.findByText(/Error loading details: Samples unavailable/)).toBeInTheDocument();
    expect(screen.getByText(/Download the CSV results/)).toBeInTheDocument();
  });

  it('says so when no records are available', async () => {
    await open('CHANGE_TIMING_FLAG', 1, () => ({ status: 200, body: { columns: [], records: [] } }));
    expect(await screen.findByText('No detailed records available')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('CHANGE TIMING FLAG');
  });
});
