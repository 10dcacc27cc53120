import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RiskManagementPage } from '../risk-management/RiskManagementPage.tsx';
import { startFakeApi, type FakeApi } from '../risk-management/testing/fake-api.ts';
import { RecordingXhr, uploadTarget } from '../risk-management/testing/recording-xhr.ts';
import { renderWithApi } from '../risk-management/testing/render-with-api.tsx';
import type { WatchlistEntry } from './watchlist-kinds.ts';

let fake: FakeApi;
let users: WatchlistEntry[];

const entry = (id: string, kind: string | undefined, description: string): WatchlistEntry => ({
  id,
  ...(kind ? { kind } : {}),
  description,
  addedBy: 'system',
  lastModified: '2026-11-01T10:00:00Z',
});

beforeEach(async () => {
  fake = await startFakeApi();
  users = [entry('DDIC', 'standard', 'Data dictionary user'), entry('FF_*', 'emergency', 'Firefighters'), entry('SAP*', 'standard', 'Superuser')];
  fake.on('GET', '/risk-tables', () => ({ body: { tables: [] } }));
  fake.on('GET', '/risk-tcodes', () => ({ body: { tcodes: [] } }));
  fake.on('GET', '/risk-categories', () => ({ body: { categories: [] } }));
  fake.on('GET', '/watchlists/privileged-users', (req) => ({ body: { entries: users.filter((u) => !req.query.kind || u.kind === req.query.kind) } }));
  fake.on('GET', '/watchlists/sensitive-profiles', () => ({ body: { entries: [entry('SAP_ALL', undefined, 'All authorizations <b>really</b>')] } }));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await fake.close();
});

async function openTab(name: string) {
  const user = userEvent.setup({ delay: null });
  renderWithApi(<RiskManagementPage groups={['admins']} />, fake);
  await screen.findByText('No high-risk tables found', {}, { timeout: 5000 });
  await user.click(screen.getByRole('tab', { name }));
  return user;
}

const idsShown = () => [...document.querySelectorAll('tr[data-item-id]')].map((tr) => tr.getAttribute('data-item-id'));

describe('watchlist tabs', () => {
  it('lists the privileged users with their kind, marks prefixes, filters by kind and by search', async () => {
    const user = await openTab('Privileged Users');
    const table = await screen.findByRole('table', { name: 'Privileged Users' }, { timeout: 5000 });
    expect(idsShown()).toEqual(['DDIC', 'FF_*', 'SAP*']);
    const ff = within(table).getByText('FF_*').closest('tr')!;
    expect(within(ff).getByText('Emergency (firefighter) ID')).toBeInTheDocument();
    expect(within(ff).getByText('prefix')).toBeInTheDocument();
    // SAP* is the user itself, not a prefix.
    expect(within(within(table).getByText('SAP*').closest('tr')!).queryByText('prefix')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Kind filter for Privileged Users' }));
    await user.click(await screen.findByRole('option', { name: 'Emergency (firefighter) ID' }));
    await waitFor(() => expect(idsShown()).toEqual(['FF_*']));
    expect(fake.calls('GET', '/watchlists/privileged-users').at(-1)!.query).toEqual({ search: '', kind: 'emergency' });

    await user.click(screen.getByRole('combobox', { name: 'Kind filter for Privileged Users' }));
    await user.click(await screen.findByRole('option', { name: 'All kinds' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'dictionary');
    await waitFor(() => expect(idsShown()).toEqual(['DDIC']));
  });

  it('adds an entry with its kind, refuses a malformed ID before the call, and edits a description', async () => {
    fake.on('POST', '/watchlists/privileged-users', (req) => {
      const body = req.body as { id: string; kind: string; description: string };
      users = [...users, entry(body.id, body.kind, body.description)];
      return { status: 201, body: users.at(-1) };
    });
    fake.on('PUT', '/watchlists/privileged-users/:id', (req) => ({ body: { ...users[0], ...(req.body as object) } }));
    const user = await openTab('Privileged Users');
    await screen.findByRole('table', { name: 'Privileged Users' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByRole('textbox', { name: 'User' }), 'bad name');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('User must be 1-12 letters, digits or _ / . - (optionally ending in * for a prefix)')).toBeInTheDocument();
    expect(fake.calls('POST', '/watchlists/privileged-users')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'User' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'User' }), 'notfall_*');
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Emergency (firefighter) ID' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'German emergency users');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('NOTFALL_* added')).toBeInTheDocument();
    expect(fake.calls('POST', '/watchlists/privileged-users')[0]!.body).toEqual({ id: 'NOTFALL_*', kind: 'emergency', description: 'German emergency users' });
    await waitFor(() => expect(idsShown()).toContain('NOTFALL_*'));

    await user.click(screen.getByRole('button', { name: 'Edit DDIC' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(edit).getByRole('textbox', { name: 'User' })).toBeDisabled();
    await user.clear(within(edit).getByRole('textbox', { name: 'Description' }));
    await user.type(within(edit).getByRole('textbox', { name: 'Description' }), 'Locked, never used');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('PUT', '/watchlists/privileged-users/:id')).toHaveLength(1));
    expect(fake.calls('PUT', '/watchlists/privileged-users/:id')[0]!).toMatchObject({ params: { id: 'DDIC' }, body: { kind: 'standard', description: 'Locked, never used' } });
  });

  it('removes an entry after confirmation and shows the server message of a failed save', async () => {
    fake.on('DELETE', '/watchlists/privileged-users/:id', (req) => {
      users = users.filter((u) => u.id !== req.params.id);
      return { body: {} };
    });
    fake.on('POST', '/watchlists/privileged-users', () => ({ status: 409, body: { error: { code: 'CONFLICT', message: 'User DDIC is already in the privileged-users watchlist' } } }));
    const user = await openTab('Privileged Users');
    await screen.findByRole('table', { name: 'Privileged Users' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Delete SAP*' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(confirm).toHaveTextContent('Are you sure you want to remove SAP* from the privileged-users watchlist?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(idsShown()).toEqual(['DDIC', 'FF_*']));
    expect(fake.calls('DELETE', '/watchlists/privileged-users/:id')[0]!.params.id).toBe('SAP*');

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByRole('textbox', { name: 'User' }), 'DDIC');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('User DDIC is already in the privileged-users watchlist')).toBeInTheDocument();
  });

  it('names Added By by e-mail, pages 100+ entries, and clears the ID error once the ID is fixed', async () => {
    users = Array.from({ length: 120 }, (_, i) => ({
      ...entry(`ZUSER${String(i).padStart(3, '0')}`, 'standard', `User ${i}`),
      addedBy: '9a8b7c6d-5e4f-4321-8888-123456789abc',
      addedByEmail: 'dana@example.com',
    }));
    const user = await openTab('Privileged Users');
    const table = await screen.findByRole('table', { name: 'Privileged Users' }, { timeout: 5000 });
    expect(within(table).getAllByRole('row')).toHaveLength(51); // header + 50
    expect(within(table).getByText('ZUSER000').closest('tr')).toHaveTextContent('dana@example.com');
    expect(screen.getByTestId('risk-list-range')).toHaveTextContent('Showing 1–50 of 120');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(idsShown()).toEqual(users.slice(100).map((u) => u.id));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'ZUSER11');
    expect(screen.queryByTestId('risk-list-range')).not.toBeInTheDocument(); // one page again, from the start
    expect(idsShown()).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('User is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'User' }), 'a b');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const shape = 'User must be 1-12 letters, digits or _ / . - (optionally ending in * for a prefix)';
    expect(within(dialog).getByText(shape)).toBeInTheDocument();
    // Still wrong: the message stays; fixed: it goes at once.
    await user.type(within(dialog).getByRole('textbox', { name: 'User' }), '!');
    expect(within(dialog).getByText(shape)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'User' }), '{Backspace}{Backspace}{Backspace}');
    expect(within(dialog).getByRole('textbox', { name: 'User' })).toHaveValue('A');
    expect(within(dialog).queryByText(shape)).not.toBeInTheDocument();
    // Fixed, then broken again: no error before the next submit.
    await user.clear(within(dialog).getByRole('textbox', { name: 'User' }));
    expect(within(dialog).queryByText('User is required')).not.toBeInTheDocument();
  });

  it('shows profiles without a kind column, escapes text, and imports and exports the list', async () => {
    RecordingXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    fake.on('POST', '/imports/upload', (req) => uploadTarget(1, (req.body as { fileName: string }).fileName));
    fake.on('POST', '/watchlists/sensitive-profiles/import', () => ({ body: { imported: 1, errors: ['Row 3: PROFILE is empty'] } }));
    fake.on('GET', '/watchlists/sensitive-profiles/export', () => ({ body: { url: 'http://blob/p.csv', fileName: 'sensitive_profiles.csv', count: 1 } }));
    const user = await openTab('Sensitive Profiles');
    const table = await screen.findByRole('table', { name: 'Sensitive Profiles' }, { timeout: 5000 });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['ID', 'Description', 'Added By', 'Last Modified', 'Actions']);
    expect(within(table).getByText('All authorizations <b>really</b>')).toBeInTheDocument();
    expect(table.querySelector('b')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Import CSV/XLSX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Sensitive Profiles' });
    expect(dialog).toHaveTextContent('Columns: PROFILE, DESCRIPTION (optional).');
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['PROFILE\nZ_ALL\n,\n'], 'p.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByTestId('import-result')).toHaveTextContent('Imported 1 profilesRow 3: PROFILE is empty');
    expect(await (RecordingXhr.sent[0]!.body as File).text()).toBe('PROFILE\nZ_ALL\n,\n');
    expect(fake.calls('POST', '/watchlists/sensitive-profiles/import')[0]!.body).toEqual({ key: 'admin/imports/k1/p.csv' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 1 profiles')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect([link.href, link.download]).toEqual(['http://blob/p.csv', 'sensitive_profiles.csv']);
  });

  it('shows the sensitive roles (30-character names, prefixes) and adds one', async () => {
    const roles = [entry('SAP_BC_BASIS_ADMIN', undefined, 'System administration (basis)'), entry('Z_FIREFIGHTER*', undefined, 'Emergency roles')];
    fake.on('GET', '/watchlists/sensitive-roles', () => ({ body: { entries: roles } }));
    fake.on('POST', '/watchlists/sensitive-roles', (req) => {
      const body = req.body as { id: string; description: string };
      roles.push(entry(body.id.toUpperCase(), undefined, body.description));
      return { status: 201, body: roles[roles.length - 1] };
    });
    const user = await openTab('Sensitive Roles');
    const table = await screen.findByRole('table', { name: 'Sensitive Roles' }, { timeout: 5000 });
    expect(idsShown()).toEqual(['SAP_BC_BASIS_ADMIN', 'Z_FIREFIGHTER*']);
    expect(within(within(table).getByText('Z_FIREFIGHTER*').closest('tr')!).getByText('prefix')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Role' }), 'z_fi_payments_all_company_code');
    await user.click(within(dialog).getByRole('button', { name: /Add|Save/ }));
    await waitFor(() => expect(fake.calls('POST', '/watchlists/sensitive-roles')).toHaveLength(1));
    expect(fake.calls('POST', '/watchlists/sensitive-roles')[0]!.body).toMatchObject({ id: 'Z_FI_PAYMENTS_ALL_COMPANY_CODE' });
  });
});
