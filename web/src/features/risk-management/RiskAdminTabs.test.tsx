import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RiskManagementPage } from './RiskManagementPage.tsx';
import { startFakeApi, type FakeApi } from './testing/fake-api.ts';
import { RecordingXhr, uploadTarget } from './testing/recording-xhr.ts';
import { renderWithApi } from './testing/render-with-api.tsx';

let fake: FakeApi;

beforeEach(async () => {
  fake = await startFakeApi();
  fake.on('GET', '/risk-tables', () => ({ body: { tables: [] } }));
  fake.on('GET', '/risk-tcodes', () => ({ body: { tcodes: [] } }));
  fake.on('GET', '/risk-categories', () => ({ body: { categories: [] } }));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await fake.close();
});

async function renderAdmin() {
  const user = userEvent.setup();
  renderWithApi(<RiskManagementPage groups={['admins']} />, fake);
  await screen.findByText('No high-risk tables found');
  return user;
}

function csv(name: string, text: string) {
  return new File([text], name, { type: 'text/csv' });
}

describe('Import modal', () => {
  it('needs a CSV file, uploads it, then shows the count and the first 5 errors with the rest summarised', async () => {
    RecordingXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    fake.on('POST', '/imports/upload', (req) => uploadTarget(1, (req.body as { fileName: string }).fileName));
    fake.on('POST', '/risk-import', (req) => (req.body as { preview?: boolean }).preview ? { body: { preview: { added: [{ id: 'SU01', category: 'Users', description: '' }, { id: 'PFCG', category: 'Users', description: '' }], changed: [], unchanged: [], categoriesMatched: [], categoriesNew: ['Users'], errors: [], warnings: [] } } } : ({
      body: { imported: 2, errors: Array.from({ length: 7 }, (_, i) => `Row ${i + 3}: TCODE is empty`), warnings: ['ZZ_NEW: not in the SAP master list of transaction codes; imported, but check the name'] },
    }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import High-Risk Items' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByText('Please select a file to import')).toBeInTheDocument();

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'list.xls'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByText('Please select a CSV or XLSX file')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Import type' }));
    await user.click(await screen.findByRole('option', { name: 'High-Risk Transaction Codes' }));
    await user.upload(input, csv('tcodes.csv', 'TCODE,CATEGORY\nSU01,Users\nPFCG,Users\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    // A preview first; nothing is imported until Confirm import (issue 27).
    expect(await within(dialog).findByTestId('import-preview-counts')).toHaveTextContent('2 new · 0 changed · 0 unchanged');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm import' }));

    const result = await within(dialog).findByTestId('import-result');
    expect(result).toHaveTextContent('Imported 2 transaction codes');
    expect(within(result).getByRole('list', { name: 'Import warnings' })).toHaveTextContent('ZZ_NEW: not in the SAP master list');
    expect(result).toHaveTextContent('Not in the SAP master list (1): imported, but check these IDs');
    const items = within(within(result).getByRole('list', { name: 'Import errors' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Row 3: TCODE is empty', 'Row 4: TCODE is empty', 'Row 5: TCODE is empty', 'Row 6: TCODE is empty', 'Row 7: TCODE is empty', '... and 2 more errors']);
    expect(await screen.findByText('Successfully imported 2 transaction codes')).toBeInTheDocument();
    expect(RecordingXhr.sent[0]).toMatchObject({ method: 'PUT', url: 'http://blobs.test/up/1' });
    expect(await (RecordingXhr.sent[0]!.body as File).text()).toBe('TCODE,CATEGORY\nSU01,Users\nPFCG,Users\n');
    expect(fake.calls('POST', '/risk-import')[0].body).toEqual({ type: 'tcodes', key: 'admin/imports/k1/tcodes.csv', preview: true });
    expect(fake.calls('POST', '/risk-import')[1].body).toEqual({ type: 'tcodes', key: 'admin/imports/k1/tcodes.csv' });
  });

  it('drops the preview when another file or list is chosen, so Confirm import never writes what was not previewed', async () => {
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    fake.on('POST', '/imports/upload', (req) => uploadTarget(1, (req.body as { fileName: string }).fileName));
    fake.on('POST', '/risk-import', () => ({ body: { preview: { added: [{ id: 'SU01', category: 'Users', description: '' }], changed: [], unchanged: [], categoriesMatched: [], categoriesNew: [], errors: [], warnings: [] } } }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import High-Risk Items' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, csv('tables.csv', 'TABNAME,CATEGORY\nUSR02,Users\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByTestId('import-preview-counts')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm import' })).toBeInTheDocument();
    await user.upload(input, csv('other.csv', 'TABNAME,CATEGORY\nUSR01,Users\n'));
    expect(within(dialog).queryByTestId('import-preview-counts')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByTestId('import-preview-counts')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Import type' }));
    await user.click(await screen.findByRole('option', { name: 'High-Risk Transaction Codes' }));
    expect(within(dialog).queryByTestId('import-preview-counts')).toBeNull();
    expect(fake.calls('POST', '/risk-import').every((c) => (c.body as { preview?: boolean }).preview === true)).toBe(true);
  });

  it('says Import failed when the server refuses', async () => {
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    fake.on('POST', '/imports/upload', (req) => uploadTarget(1, (req.body as { fileName: string }).fileName));
    fake.on('POST', '/risk-import', () => ({ status: 400, body: { error: { code: 'BAD_REQUEST', message: 'No TABNAME column' } } }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import High-Risk Items' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, csv('t.csv', 'A,B\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    // The preview is refused with the server's reason.
    expect(await screen.findByText('No TABNAME column')).toBeInTheDocument();
  });
});

describe('Master lists import', () => {
  it('uploads the export to the presigned target, then imports it by key', async () => {
    RecordingXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    let n = 0;
    fake.on('POST', '/imports/upload', (req) => uploadTarget(++n, (req.body as { fileName: string }).fileName));
    // The import runs as a job: the POST answers with it queued, its progress is read until it is done.
    let polls = 0;
    const job = (n: number) => ({ jobId: `j${n}`, status: 'running', total: 3, written: 1, rejectedRows: 0, errors: [] });
    fake.on('POST', '/master-import', () => ({ status: 202, body: job(fake.calls('POST', '/master-import').length) }));
    fake.on('GET', '/master-import/jobs/j1', () => ({ body: ++polls < 2 ? { ...job(1), written: 2 } : { ...job(1), status: 'done', written: 3 } }));
    fake.on('GET', '/master-import/jobs/j2', () => ({ body: { ...job(2), status: 'done', total: 1, written: 1 } }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Master lists' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Master Lists' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const xlsx = new File([new Uint8Array([80, 75, 3, 4])], 'TSTCT.xlsx');
    await user.upload(input, xlsx);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Written 1 of 3 entries (33%)')).toBeInTheDocument();
    expect(await within(dialog).findByText('Written 2 of 3 entries (66%)', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await within(dialog).findByTestId('import-result', {}, { timeout: 4000 })).toHaveTextContent('Imported 3 transaction codes');
    expect(within(dialog).queryByTestId('import-progress')).toBeNull();
    expect(polls).toBe(2);
    expect(fake.calls('POST', '/imports/upload')[0].body).toEqual({ fileName: 'TSTCT.xlsx' });
    expect(RecordingXhr.sent[0]).toMatchObject({ method: 'PUT', url: 'http://blobs.test/up/1' });
    expect((RecordingXhr.sent[0].body as File).name).toBe('TSTCT.xlsx');
    expect(fake.calls('POST', '/master-import')[0].body).toEqual({ type: 'tcodes', key: 'admin/imports/k1/TSTCT.xlsx' });

    await user.click(within(dialog).getByRole('combobox', { name: 'Master list' }));
    await user.click(await screen.findByRole('option', { name: 'Tables (DD02T)' }));
    await user.upload(input, csv('DD02T.csv', 'TABNAME,DDTEXT\nZTAB,Mine\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(fake.calls('POST', '/master-import')).toHaveLength(2));
    expect(fake.calls('POST', '/master-import')[1].body).toEqual({ type: 'tables', key: 'admin/imports/k2/DD02T.csv' });
    expect(await (RecordingXhr.sent[1].body as File).text()).toBe('TABNAME,DDTEXT\nZTAB,Mine\n');
    // The second job is followed to its end too.
    await waitFor(() => expect(fake.calls('GET', '/master-import/jobs/j2')).toHaveLength(1), { timeout: 3000 });
    await waitFor(() => expect(within(dialog).getByTestId('import-result')).toHaveTextContent('Imported 1 '));
  });
});

describe('Audit Log tab', () => {
  it('shows the count, the truncated user and only real field differences', async () => {
    fake.on('GET', '/risk-audit-log', () => ({
      body: {
        auditLog: [
          {
            auditId: 'a1', timestamp: '2026-03-03T10:00:00Z', action: 'UPDATE', itemId: 'USR02', itemType: 'table',
            userId: '12345678-abcd-ef00-1111-222233334444',
            previousValue: { tableId: 'USR02', category: 'Users', description: 'Logon Data', lastModified: '2026-01-01', lastModifiedBy: 'x' },
            newValue: { tableId: 'USR02', category: 'Security', description: 'Logon Data', lastModified: '2026-03-03', lastModifiedBy: 'y' },
          },
          { auditId: 'a2', timestamp: '2026-03-02T10:00:00Z', action: 'CREATE', itemId: 'SU01', itemType: 'tcode', userId: 'system', previousValue: null, newValue: { tcodeId: 'SU01' } },
        ],
      },
    }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('tab', { name: 'Audit Log' }));
    expect(await screen.findByText('Showing last 2 changes')).toBeInTheDocument();
    expect(fake.calls('GET', '/risk-audit-log')[0].query).toEqual({ limit: '100' });
    const row = screen.getByText('USR02').closest('tr')!;
    expect(within(row).getByText('12345678…')).toBeInTheDocument();
    const changes = [...row.querySelectorAll('[data-field]')].map((el) => el.textContent);
    expect(changes).toEqual(['category: Users → Security']);
  });

  it('says the log could not be loaded instead of showing the empty state', async () => {
    fake.on('GET', '/risk-audit-log', () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'down' } } }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('tab', { name: 'Audit Log' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The audit log could not be loaded: down');
    expect(screen.queryByText('No audit logs found')).not.toBeInTheDocument();
  });

  it('names people by e-mail and pages a long log', async () => {
    const auditLog = Array.from({ length: 120 }, (_, i) => ({
      auditId: `a${i}`, timestamp: '2026-03-03T10:00:00Z', action: 'APPROVE', itemId: `ITEM${i}`, itemType: 'access_request',
      userId: '12345678-abcd-ef00-1111-222233334444', userEmail: 'dana@example.com', previousValue: null, newValue: null,
    }));
    fake.on('GET', '/risk-audit-log', () => ({ body: { auditLog } }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('tab', { name: 'Audit Log' }));
    const row = (await screen.findByText('ITEM0')).closest('tr')!;
    expect(within(row).getByText('dana@example.com')).toBeInTheDocument();
    expect(within(row).getByText('APPROVE')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–50 of 120')).toBeInTheDocument();
    expect(screen.queryByText('ITEM50')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('ITEM100')).toBeInTheDocument();
    expect(screen.getByText('Showing 101–120 of 120')).toBeInTheDocument();
  });
});

describe('Access Requests tab', () => {
  it('lists pending requests and approves one after confirmation', async () => {
    let requests = [
      { requestId: 'r1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', organization: 'Acme <b>Corp</b>', jobTitle: 'Auditor', reason: 'Quarterly audit', status: 'pending', createdAt: '2026-03-01T09:00:00Z' },
    ];
    fake.on('GET', '/access-requests', () => ({ body: { requests } }));
    fake.on('POST', '/access-requests/:id/approve', (req) => {
      requests = requests.filter((r) => r.requestId !== req.params.id);
      return { body: { status: 'approved' } };
    });
    const user = await renderAdmin();
    await user.click(screen.getByRole('tab', { name: 'Access Requests' }));
    const card = await screen.findByRole('article', { name: 'Access request from ann@example.com' });
    expect(fake.calls('GET', '/access-requests')[0].query).toEqual({ status: 'pending' });
    // Untrusted text is shown as text, never as markup.
    expect(card).toHaveTextContent('Organization: Acme <b>Corp</b>');
    expect(card).toHaveTextContent('Reason: Quarterly audit');

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve access request' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Access approved for ann@example.com; an invitation was sent')).toBeInTheDocument();
    expect(await screen.findByText('No pending access requests')).toBeInTheDocument();
    expect(fake.calls('POST', '/access-requests/:id/approve')).toHaveLength(1);
  });

  it('rejects with the server message when it fails', async () => {
    fake.on('GET', '/access-requests', () => ({
      body: { requests: [{ requestId: 'r2', email: 'bob@example.com', firstName: 'Bob', lastName: 'Ray', organization: 'B', jobTitle: 'J', reason: 'R', status: 'pending', createdAt: '2026-03-01T09:00:00Z' }] },
    }));
    fake.on('POST', '/access-requests/:id/reject', () => ({ status: 409, body: { error: { code: 'CONFLICT', message: 'The request was already decided' } } }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('tab', { name: 'Access Requests' }));
    const card = await screen.findByRole('article', { name: 'Access request from bob@example.com' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject access request' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The request was already decided')).toBeInTheDocument();
  });
});

describe('Export', () => {
  it('downloads both files 500 ms apart and toasts the counts', async () => {
    fake.on('GET', '/risk-export', () => ({ body: { tablesUrl: `${fake.url}/dl/tables`, tcodesUrl: `${fake.url}/dl/tcodes`, tablesCount: 12, tcodesCount: 34 } }));
    const clicks: { href: string; download: string; at: number }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, at: Date.now() });
    });
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exported 12 tables and 34 transaction codes')).toBeInTheDocument();
    expect(clicks.map((c) => [c.href, c.download])).toEqual([
      [`${fake.url}/dl/tables`, 'high_risk_tables.csv'],
      [`${fake.url}/dl/tcodes`, 'high_risk_tcodes.csv'],
    ]);
    expect(clicks[1].at - clicks[0].at).toBeGreaterThanOrEqual(490);
  });

  it('toasts a failed export', async () => {
    fake.on('GET', '/risk-export', () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'down' } } }));
    const user = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Failed to export risk data')).toBeInTheDocument();
  });
});
