import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
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
    const list = await within(dialog).findByTestId('flag-sample-list');
    const cards = within(list).getAllByTestId('flag-sample-record');
    expect(cards).toHaveLength(10);
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'All fields (2)' }));
    const all = within(cards[0]!).getByTestId('sample-all-fields');
    expect(within(all).getAllByRole('row').map((r) => r.textContent)).toEqual(['USERU0', 'TCODE-']);
    const categories = within(dialog).getAllByRole('row').filter((r) => /security|config|transport/.test(r.textContent ?? ''));
    expect(categories.map((r) => r.textContent)).toEqual(['security30', 'transport7', 'config3']);
    expect(within(dialog).getByText('Showing 10 of 40 records. Download the results to see all of them.')).toBeInTheDocument();
    expect(within(dialog).getByText('What does this flag mean?')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/flag-details')?.body).toEqual({ analysisId: 'a-1', flagName: 'OTHER' });
  });

  it('shows each record with the reason and key fields first and the other columns on demand', async () => {
    const record = {
      FILE_TYPE: 'CDPOS',
      SOURCE_FILE: 'cdpos.xlsx',
      OBJECTCLAS: 'KRED',
      OBJECTID: '0000100001',
      CHANGENR: '4711',
      'Table Name': 'LFBK',
      'Field Name': 'BANKN',
      CHNGIND: 'U',
      'Old Value': '123',
      'New Value': '999',
      USERNAME: 'KWEBER',
      UDATE: '45721',
      UTIME: '23:10:00',
      TCODE: 'XK02',
      SENSITIVE_FIELD_FLAG: 'Bank account number changed (BANKN)',
    };
    await open('SENSITIVE_FIELD_FLAG', 1, () => ({ status: 200, body: { columns: Object.keys(record), records: [record], total: 1 } }));
    const card = await screen.findByTestId('flag-sample-record');
    expect(within(card).getByTestId('sample-reason')).toHaveTextContent('Bank account number changed (BANKN)');
    expect(within(card).getByTestId('key-field-user')).toHaveTextContent('KWEBER');
    expect(within(card).getByTestId('key-field-time')).toHaveTextContent('2025-03-05 · 23:10:00');
    expect(within(card).getByTestId('key-field-transaction')).toHaveTextContent('XK02');
    expect(within(card).getByTestId('key-field-object')).toHaveTextContent('LFBK · BANKN');
    expect(within(card).getByTestId('key-field-event')).toHaveTextContent('U · 123 → 999');
    expect(within(card).getByText('cdpos.xlsx', { exact: false })).toBeInTheDocument();
    expect(within(card).queryByTestId('sample-all-fields')).toBeNull();
    const toggle = within(card).getByRole('button', { name: 'All fields (12)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(within(card).getByTestId('sample-all-fields')).toHaveTextContent('CHANGENR4711');
    expect(within(card).getByRole('button', { name: 'Hide fields' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Showing the only record.')).toBeInTheDocument();
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
