import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer, type Handler } from '../../test-utils/api-server.ts';
import { getConfig } from '../../config.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { MultiUploadPage } from './MultiUploadPage.tsx';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
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

const MODELS = {
  available: true,
  provider: 'bedrock',
  models: [{ id: 'haiku-id', name: 'Claude 3 Haiku', cost: '$', description: 'Cheapest', pricePer1kRecords: 0.04, default: true }],
};

/** A stand-in API that accepts two uploads and starts an analysis; `models` answers GET /ai/models. */
async function startUploadApi(models: Handler) {
  let next = 0;
  const api = await startApiServer({
    'GET /ai/models': models,
    'GET /preferences/ai_settings': () => ({
      status: 200,
      body: { preferenceType: 'ai_settings', preferences: { enabled: true, model: 'haiku-id', outputColumn: 'AI_Verdict' } },
    }),
    'POST /upload': () => {
      next += 1;
      return { status: 200, body: { fileId: `f${next}`, uploadUrl: `${baseUrl()}/blob/f${next}` } };
    },
    'PUT /blob/f1': () => ({ status: 200, body: {} }),
    'PUT /blob/f2': () => ({ status: 200, body: {} }),
    'PUT /files': () => ({ status: 200, body: { ok: true } }),
    'POST /analyze': () => ({ status: 200, body: { analysisId: 'an-1', status: 'processing' } }),
  });
  return api;
}

const baseUrl = () => getConfig().apiUrl.replace(/\/prod$/, '');

async function uploadTwoAndStart() {
  await screen.findByRole('button', { name: 'Start Correlated Analysis' });
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await userEvent.upload(input, [csv('sm20.csv'), csv('cdhdr.csv')]);
  // Headers are read before the files are placed; uploads run over loopback: allow a loaded machine time.
  await screen.findByText('Files Ready for Analysis (2/4)', {}, { timeout: 10_000 });
  await userEvent.click(screen.getByRole('button', { name: 'Start Correlated Analysis' }));
  expect(await screen.findByText('Files uploaded; the analysis has started and its progress page opens next', {}, { timeout: 15_000 })).toBeInTheDocument();
  // The analysis has only started: the bar never says Complete (issue 27).
  expect(screen.queryByText('Complete')).not.toBeInTheDocument();
  expect(screen.getByText('Upload complete')).toBeInTheDocument();
}

describe('MultiUploadPage', () => {
  it('assigns slots, counts files and needs at least two; shows the AI tick when enabled', async () => {
    const api = await startApiServer({
      'GET /ai/models': () => ({ status: 200, body: MODELS }),
      'GET /preferences/ai_settings': () => ({ status: 200, body: { preferenceType: 'ai_settings', preferences: { enabled: true } } }),
    });
    close = api.close;
    renderRoute(MultiUploadPage);
    const start = await screen.findByRole('button', { name: 'Start Correlated Analysis' });
    expect(screen.getByText('Files Ready for Analysis (0/4)')).toBeInTheDocument();
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription('Please upload at least 2 files for correlated analysis');

    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, [csv('export_CDPOS.csv')]);
    expect(await screen.findByText('Files Ready for Analysis (1/4)')).toBeInTheDocument();
    expect(start).toBeDisabled();
    expect(document.querySelector('[data-slot="CDPOS"]')).toHaveTextContent('export_CDPOS.csv');

    await userEvent.upload(input, [csv('audit.csv')]);
    expect(await screen.findByText('Files Ready for Analysis (2/4)')).toBeInTheDocument();
    expect(document.querySelector('[data-slot="SM20"]')).toHaveTextContent('audit.csv');
    expect(document.querySelector('[data-slot="TICKETS"]')).toHaveTextContent('No file');
    expect(start).toBeEnabled();
    expect(screen.queryByText('Please upload at least 2 files for correlated analysis')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove audit.csv from SM20' }));
    expect(screen.getByText('Files Ready for Analysis (1/4)')).toBeInTheDocument();
    expect(start).toBeDisabled();

    await waitFor(() => expect(screen.getByLabelText('enabled')).toBeInTheDocument());
  });

  it('sends the saved AI settings with POST /analyze when AI is enabled and the server has a provider', async () => {
    const api = await startUploadApi(() => ({ status: 200, body: MODELS }));
    close = api.close;
    renderRoute(MultiUploadPage);
    await waitFor(() => expect(screen.getByLabelText('enabled')).toBeInTheDocument(), { timeout: 10_000 });
    await uploadTwoAndStart();
    const analyze = api.calls.find((c) => c.method === 'POST' && c.path === '/analyze');
    expect(analyze?.body).toMatchObject({
      fileIds: ['f1', 'f2'],
      analysisType: 'multi',
      correlateFiles: true,
      aiSettings: { enabled: true, model: 'haiku-id', outputColumn: 'AI_Verdict', promptTemplate: 'security' },
    });
    // The bytes went to the presigned URL and each file was marked ready with its size.
    expect(api.calls.filter((c) => c.method === 'PUT' && c.path.startsWith('/blob/')).map((c) => c.body)).toEqual([HEADERS[2]![1], HEADERS[1]![1]]);
    expect(api.calls.filter((c) => c.path === '/files').map((c) => c.body)).toEqual([
      { fileId: 'f1', status: 'ready', size: HEADERS[2]![1].length },
      { fileId: 'f2', status: 'ready', size: HEADERS[1]![1].length },
    ]);
  });

  it('sends no AI settings when the server has no AI provider, even if the user turned AI on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = await startUploadApi(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } }));
    close = api.close;
    renderRoute(MultiUploadPage);
    await uploadTwoAndStart();
    const analyze = api.calls.find((c) => c.method === 'POST' && c.path === '/analyze');
    expect(analyze?.body).toEqual({ fileIds: ['f1', 'f2'], analysisType: 'multi', correlateFiles: true });
    expect(screen.queryByLabelText('enabled')).not.toBeInTheDocument();
  });

  it('places files by their content, says so, and lets the user move a file to another slot', async () => {
    const api = await startApiServer({
      'GET /ai/models': () => ({ status: 200, body: MODELS }),
      'GET /preferences/ai_settings': () => ({ status: 200, body: { preferenceType: 'ai_settings', preferences: { enabled: false } } }),
    });
    close = api.close;
    renderRoute(MultiUploadPage);
    await screen.findByRole('button', { name: 'Start Correlated Analysis' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const helpdesk = new File(['Number,Short description,Description,Caller,Opened,Closed,State\nINC1,x,y,ALICE,2024-03-01,,Open\n'], 'helpdesk6.csv');
    const misnamed = new File(['OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE\nKRED,1,2,BOB,20240301,100000,XK02\n'], 'sm20_export.csv');
    await userEvent.upload(input, [helpdesk, misnamed]);
    expect(await screen.findByText('Files Ready for Analysis (2/4)')).toBeInTheDocument();
    const slot = (s: string) => document.querySelector(`[data-slot="${s}"]`)!;
    expect(slot('TICKETS')).toHaveTextContent('helpdesk6.csv');
    expect(slot('TICKETS')).toHaveTextContent('Type read from the content');
    expect(slot('CDHDR')).toHaveTextContent('sm20_export.csv');
    expect(slot('SM20')).toHaveTextContent('No file');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Move sm20_export.csv to another slot' }), 'SM20');
    expect(slot('SM20')).toHaveTextContent('sm20_export.csv');
    expect(slot('SM20')).toHaveTextContent('Placed by you');
    expect(slot('CDHDR')).toHaveTextContent('No file');
  });
});
