import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderWithQuery } from '../../test-utils/render-with-query.tsx';
import { HolidayCalendarCard } from './HolidayCalendarCard.tsx';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('HolidayCalendarCard', () => {
  it('shows the saved calendar and saves a region, upper-cased', async () => {
    let saved: unknown = { country: 'DE' };
    const api = await startApiServer({
      'GET /preferences/holiday_calendar': () => ({ status: 200, body: { preferenceType: 'holiday_calendar', preferences: saved } }),
      'PUT /preferences/holiday_calendar': (body) => {
        saved = (body as { preferences: unknown }).preferences;
        return { status: 200, body: { preferenceType: 'holiday_calendar', preferences: saved } };
      },
    });
    close = api.close;
    renderWithQuery(<HolidayCalendarCard />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany'), { timeout: 5000 });
    const save = screen.getByRole('button', { name: 'Save calendar' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Region/ }), 'by');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ preferenceType: 'holiday_calendar', preferences: { country: 'DE', region: 'BY', timeZone: 'UTC' } });
  });

  it('defaults to US and shows the server refusal', async () => {
    const api = await startApiServer({
      'PUT /preferences/holiday_calendar': () => ({ status: 400, body: { error: { code: 'BAD_REQUEST', message: 'Unknown region XX for DE' } } }),
    });
    close = api.close;
    renderWithQuery(<HolidayCalendarCard />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States'), { timeout: 5000 });
    await userEvent.type(screen.getByRole('textbox', { name: /Region/ }), 'xx');
    await userEvent.click(screen.getByRole('button', { name: 'Save calendar' }));
    expect(await screen.findByText('Unknown region XX for DE')).toBeInTheDocument();
  });

  it('shows the saved time zone and saves another one', async () => {
    let saved: unknown = { country: 'DE', timeZone: 'Europe/Berlin' };
    const api = await startApiServer({
      'GET /preferences/holiday_calendar': () => ({ status: 200, body: { preferenceType: 'holiday_calendar', preferences: saved } }),
      'PUT /preferences/holiday_calendar': (body) => {
        saved = (body as { preferences: unknown }).preferences;
        return { status: 200, body: { preferenceType: 'holiday_calendar', preferences: saved } };
      },
    });
    close = api.close;
    renderWithQuery(<HolidayCalendarCard />);
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await waitFor(() => expect(zone).toHaveValue('Europe/Berlin'), { timeout: 5000 });
    const user = userEvent.setup({ delay: null });
    await user.clear(zone);
    await user.type(zone, 'America/New_Y');
    await user.click(await screen.findByRole('option', { name: 'America/New_York' }));
    await user.click(screen.getByRole('button', { name: 'Save calendar' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ preferenceType: 'holiday_calendar', preferences: { country: 'DE', timeZone: 'America/New_York' } });
  });
});
