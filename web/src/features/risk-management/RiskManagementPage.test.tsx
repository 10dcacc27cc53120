import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RiskManagementPage } from './RiskManagementPage.tsx';
import { startFakeApi, type FakeApi } from './testing/fake-api.ts';
import { renderWithApi } from './testing/render-with-api.tsx';

const ADMIN_SUB = '9a8b7c6d-5e4f-4321-8888-123456789abc';

let fake: FakeApi;
let tables: Record<string, unknown>[];

beforeEach(async () => {
  fake = await startFakeApi();
  tables = [
    { tableId: 'USR02', category: 'User Administration', description: 'Logon Data', addedBy: 'system', lastModified: '2026-03-01T10:00:00Z' },
    { tableId: 'BSEG', category: 'Financial', description: 'Accounting Document Segment', addedBy: ADMIN_SUB, lastModified: '2026-03-02T10:00:00Z' },
  ];
  fake.on('GET', '/risk-tables', () => ({ body: { tables } }));
  fake.on('GET', '/risk-tcodes', () => ({ body: { tcodes: [] } }));
  fake.on('GET', '/risk-categories', () => ({ body: { categories: ['Financial', 'User Administration'] } }));
  fake.on('GET', '/master-tables/search', (req) => ({
    body: { results: [{ tableId: `${req.query.q}X`, description: 'Suggested table' }, { tableId: `${req.query.q}Y`, description: 'Other' }] },
  }));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fake.close();
});

async function renderAdmin() {
  const user = userEvent.setup();
  renderWithApi(<RiskManagementPage groups={['admins']} />, fake);
  await screen.findByRole('table', { name: 'High-Risk Tables' });
  return user;
}

describe('RiskManagementPage', () => {
  it('refuses non-admins without calling the API', async () => {
    renderWithApi(<RiskManagementPage groups={['users']} />, fake);
    expect(screen.getByRole('alert')).toHaveTextContent('You need administrator privileges to access this feature');
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests).toHaveLength(0);
  });

  it('lists tables with truncated Added By, and filters locally by ID or description', async () => {
    const user = await renderAdmin();
    const table = screen.getByRole('table', { name: 'High-Risk Tables' });
    const bseg = within(table).getByText('BSEG').closest('tr')!;
    expect(within(bseg).getByText('9a8b7c6d…')).toBeInTheDocument();
    expect(within(table).getByText('USR02').closest('tr')).toHaveTextContent('system');

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'logon');
    expect(within(table).queryByText('BSEG')).not.toBeInTheDocument();
    expect(within(table).getByText('USR02')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(fake.calls('GET', '/risk-tables').at(-1)?.query).toEqual({ search: 'logon', category: '' }));
  });

  it('names Added By by e-mail when the server knows it, and pages 100+ rows', async () => {
    tables = Array.from({ length: 130 }, (_, i) => ({
      tableId: `ZT${String(i).padStart(3, '0')}`, category: 'Custom', description: `Table ${i}`, addedBy: ADMIN_SUB, addedByEmail: 'dana@example.com', lastModified: '2026-03-01T10:00:00Z',
    }));
    const user = await renderAdmin();
    const table = screen.getByRole('table', { name: 'High-Risk Tables' });
    expect(within(table).getAllByRole('row')).toHaveLength(51); // header + 50
    expect(within(table).getByText('ZT000').closest('tr')).toHaveTextContent('dana@example.com');
    expect(screen.getByTestId('risk-list-range')).toHaveTextContent('Showing 1–50 of 130');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(within(table).getByText('ZT129')).toBeInTheDocument();
    expect(screen.getByTestId('risk-list-range')).toHaveTextContent('Showing 101–130 of 130');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'ZT12');
    expect(screen.queryByTestId('risk-list-range')).not.toBeInTheDocument(); // one page again, from the start
    expect(within(table).getByText('ZT120')).toBeInTheDocument();
  });

  it('shows the empty state when nothing matches', async () => {
    const user = await renderAdmin();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'zzz');
    expect(screen.getByText('No high-risk tables found')).toBeInTheDocument();
  });

  it('validates the add modal, then adds with the suggested description', async () => {
    fake.on('POST', '/risk-tables', (req) => {
      const body = req.body as Record<string, string>;
      tables = [...tables, { ...body, addedBy: ADMIN_SUB, lastModified: '2026-03-03T10:00:00Z' }];
      return { status: 201, body };
    });
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Add Table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Table' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Table is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: 'Table' }), 'ag');
    expect(within(dialog).getByRole('combobox', { name: 'Table' })).toHaveValue('AG');
    await user.click(await screen.findByRole('option', { name: /AGX/ }));
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Suggested table');
    expect(fake.calls('GET', '/master-tables/search').map((r) => r.query)).toEqual([{ q: 'AG', limit: '20' }]);
    // The fixed field's error goes at once; the unfixed one stays.
    expect(within(dialog).queryByText('Table is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: '+ Add new category' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'New category' }), 'Custom Tables');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Table added successfully')).toBeInTheDocument();
    expect(fake.calls('POST', '/risk-tables')[0].body).toEqual({ tableId: 'AGX', category: 'Custom Tables', description: 'Suggested table' });
    expect(await screen.findByText('AGX')).toBeInTheDocument();
  });

  it('does not search the master list below 2 characters', async () => {
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Add Table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Table' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Table' }), 'a');
    await new Promise((r) => setTimeout(r, 450));
    expect(fake.calls('GET', '/master-tables/search')).toHaveLength(0);
  });

  it('debounces the search to one call per pause, and a failing search stays silent with no suggestions', async () => {
    fake.on('GET', '/master-tables/search', () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Search backend down' } } }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Add Table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Table' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Table' }), 'usr');
    await waitFor(() => expect(fake.calls('GET', '/master-tables/search')).toHaveLength(1));
    expect(fake.calls('GET', '/master-tables/search')[0].query).toEqual({ q: 'USR', limit: '20' });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByText('Search backend down')).not.toBeInTheDocument();
    expect(screen.queryByText('Search failed')).not.toBeInTheDocument();
  });

  it('edits with the ID locked and reports the server error text on failure', async () => {
    fake.on('PUT', '/risk-tables/:id', () => ({ status: 409, body: { error: { code: 'CONFLICT', message: 'Table USR02 was changed by someone else' } } }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Edit USR02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Table' });
    expect(within(dialog).getByRole('textbox', { name: 'Table' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Financial' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Table USR02 was changed by someone else')).toBeInTheDocument();
    expect(fake.calls('PUT', '/risk-tables/:id')[0]).toMatchObject({ path: '/risk-tables/USR02', body: { category: 'Financial', description: 'Logon Data' } });
  });

  it('asks the exact question before deleting, then removes', async () => {
    fake.on('DELETE', '/risk-tables/:id', (req) => {
      tables = tables.filter((t) => t.tableId !== req.params.id);
      return { body: { ok: true } };
    });
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Delete USR02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove USR02 from high-risk tables?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Table removed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('USR02')).not.toBeInTheDocument());
    expect(fake.calls('DELETE', '/risk-tables/:id')).toHaveLength(1);
  });

  it('toasts a failed load', async () => {
    fake.on('GET', '/risk-tables', () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'down' } } }));
    renderWithApi(<RiskManagementPage groups={['admins']} />, fake);
    expect(await screen.findByText('Failed to load tables')).toBeInTheDocument();
  });
});
