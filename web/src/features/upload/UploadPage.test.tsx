import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer } from '../../test-utils/api-server.ts';
import { getConfig } from '../../config.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { UploadPage } from './UploadPage.tsx';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

// Content with a header of the type the name suggests (the upload check reads the header: issue 27).
const HEADERS: [RegExp, string][] = [
  [/cdpos/i, 'OBJECTCLAS,OBJECTID,CHANGENR,TABNAME,TABKEY,FNAME,CHNGIND,VALUE_NEW,VALUE_OLD\nKRED,1,2,LFBK,100,BANKN,U,9,8\n'],
  [/cdhdr/i, 'OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE\nKRED,1,2,BOB,20240301,100000,XK02\n'],
  [/./, 'Date,Time,User,Transaction Code,Event,Message Text\n01.03.2024,10:00:00,BOB,SU01,AU3,Started\n'],
];
const csv = (name: string) => new File([HEADERS.find(([re]) => re.test(name))![1]], name, { type: 'text/csv' });
const baseUrl = () => getConfig().apiUrl.replace(/\/prod$/, '');

/** Uploads always succeed except for the files listed in `failing`, whose PUT gets a 403 without a message. */
async function startUploadApi(failing: string[] = []) {
  let next = 0;
  const names = new Map<string, string>();
  const api = await startApiServer({
    'GET /preferences/holiday_calendar': () => ({ status: 200, body: { preferences: {} } }),
    'POST /upload': (body) => {
      next += 1;
      names.set(`f${next}`, (body as { fileName: string }).fileName);
      return { status: 200, body: { fileId: `f${next}`, uploadUrl: `${baseUrl()}/blob/f${next}` } };
    },
    ...Object.fromEntries(
      [1, 2, 3].map((n) => [`PUT /blob/f${n}`, () => (failing.includes(names.get(`f${n}`)!) ? { status: 403, body: '' } : { status: 200, body: {} })]),
    ),
    'PUT /files': () => ({ status: 200, body: { ok: true } }),
    'POST /analyze': (body) => ({ status: 200, body: { analysisId: `an-${(body as { fileIds: string[] }).fileIds[0]}-xyz`, status: 'processing' } }),
  });
  close = api.close;
  return api;
}

async function pickAndStart(files: File[]) {
  await screen.findByRole('button', { name: 'Start Analysis' });
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await userEvent.upload(input, files);
  await userEvent.click(screen.getByRole('button', { name: 'Start Analysis' }));
}

describe('UploadPage', () => {
  it('ends several files on a list of the analyses started, each linked', async () => {
    await startUploadApi();
    const { router } = renderRoute(UploadPage);
    await pickAndStart([csv('sm20.csv'), csv('cdhdr.csv')]);
    const card = await screen.findByTestId('started-analyses', {}, { timeout: 10_000 });
    expect(within(card).getByText('2 analyses started')).toBeInTheDocument();
    const links = within(card).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['sm20.csv', '/analysis/an-f1-xyz'],
      ['cdhdr.csv', '/analysis/an-f2-xyz'],
    ]);
    await new Promise((r) => setTimeout(r, 1200));
    expect(router.state.location.pathname).toBe('/'); // stays on the list instead of opening the last one
  });

  it('says a failure and its cause once, and Retry clears the panel', async () => {
    await startUploadApi(['bad.csv']);
    renderRoute(UploadPage);
    await pickAndStart([csv('bad.csv')]);
    const alert = await screen.findByRole('alert', { name: /Upload Error/ }, { timeout: 10_000 });
    expect(alert).toHaveTextContent('bad.csv: Failed to upload file: the storage answered HTTP 403');
    await waitFor(() => expect(screen.getAllByText(/Failed to upload file/)).toHaveLength(1));
    expect(await screen.findByText('Upload of bad.csv failed')).toBeInTheDocument();
    expect(document.getElementById('overall-progress-title')).toHaveTextContent('Error');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: /Upload Error/ })).toBeNull());
    expect(document.getElementById('overall-progress-title')).toBeNull();
    expect(screen.queryByText(/Failed to upload file/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Analysis' })).toBeEnabled();
  });
});
