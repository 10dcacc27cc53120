import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { MultiUploadPage } from './MultiUploadPage.tsx';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const csv = (name: string) => new File(['a,b\n1,2\n'], name, { type: 'text/csv' });

describe('MultiUploadPage', () => {
  it('assigns slots, counts files and needs at least two; shows the AI tick when enabled', async () => {
    const api = await startApiServer({
      'GET /preferences/ai_settings': () => ({ status: 200, body: { preferenceType: 'ai_settings', preferences: { enabled: true } } }),
    });
    close = api.close;
    renderRoute(MultiUploadPage);
    const start = await screen.findByRole('button', { name: 'Start Correlated Analysis' });
    expect(screen.getByText('Files Ready for Analysis (0/4)')).toBeInTheDocument();
    expect(start).toBeDisabled();

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

    await userEvent.click(screen.getByRole('button', { name: 'Remove audit.csv from SM20' }));
    expect(screen.getByText('Files Ready for Analysis (1/4)')).toBeInTheDocument();
    expect(start).toBeDisabled();

    await waitFor(() => expect(screen.getByLabelText('enabled')).toBeInTheDocument());
  });
});
