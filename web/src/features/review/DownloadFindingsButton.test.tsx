import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderRoute } from '../../test-utils/render-route.tsx';
import { DownloadFindingsButton } from './DownloadFindingsButton.tsx';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const answer = (order: 'list' | 'analysis') => ({ status: 200, body: { format: 'csv', fileName: 'sap-findings-a1.csv', downloadUrl: 'about:blank', findings: 7_200_000, order } });

describe('DownloadFindingsButton', () => {
  it('says when a large export comes in the order the analysis made the findings', async () => {
    const api = await startApiServer({ 'GET /results/a-1/findings/export?format=csv': () => answer('analysis') });
    close = api.close;
    renderRoute(() => <DownloadFindingsButton analysisId="a-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'CSV' }));
    expect(await screen.findByText(/^7,200,000 findings, in the order the analysis made them/)).toBeInTheDocument();
  });
});
