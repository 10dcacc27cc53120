import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startFakeApi, type FakeApi } from '../risk-management/testing/fake-api.ts';
import { renderWithApi } from '../risk-management/testing/render-with-api.tsx';
import { readThresholdsFile, thresholdsToJson, validateThresholds } from './thresholds-form.ts';
import { ThresholdsTab } from './ThresholdsTab.tsx';
import { DEFAULT_THRESHOLDS } from '@app/core/rules/detection-settings.ts';
import type { DetectionThresholds } from './watchlist-api.ts';

// The settings of detection v3 as saved; keys the rule modules declared since come from their declarations.
const DEFAULTS: DetectionThresholds = {
  ...DEFAULT_THRESHOLDS,
  businessHours: { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] },
  changeVolume: 50,
  burst: { count: 5, minutes: 10 },
  bruteForceMinutes: 30,
  massDownload: { count: 10, minutes: 60 },
  openingHours: 8,
  passwordResets: { count: 5, minutes: 60 },
  sharedLogons: { addresses: 3, minutes: 60 },
  bankPaymentDays: 7,
  networks: [],
};

let fake: FakeApi;

beforeEach(async () => {
  fake = await startFakeApi();
  let state: object = { thresholds: DEFAULTS, defaults: DEFAULTS, isDefault: true };
  fake.on('GET', '/detection-thresholds', () => ({ body: state }));
  fake.on('PUT', '/detection-thresholds', (req) => {
    state = { thresholds: req.body, defaults: DEFAULTS, isDefault: false, lastModified: '2026-11-25T12:00:00Z', lastModifiedBy: 'abcdef0123456789' };
    return { body: state };
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fake.close();
});

async function renderTab(download = vi.fn()) {
  const user = userEvent.setup({ delay: null });
  renderWithApi(<ThresholdsTab download={download} />, fake);
  await screen.findByText(/The shipped defaults are in use/, {}, { timeout: 5000 });
  return user;
}

describe('Thresholds tab', () => {
  it('saves changed business hours, days and counts as one thresholds object', async () => {
    const user = await renderTab();
    await user.clear(screen.getByRole('textbox', { name: 'Start' }));
    await user.type(screen.getByRole('textbox', { name: 'Start' }), '06:30');
    await user.click(screen.getByRole('checkbox', { name: 'Sat' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mon' }));
    const volume = screen.getByRole('textbox', { name: 'Changes per user and day' });
    await user.clear(volume);
    await user.type(volume, '80');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('Thresholds saved; they apply to analyses started from now on')).toBeInTheDocument();
    expect(fake.calls('PUT', '/detection-thresholds')[0]!.body).toEqual({
      ...DEFAULTS,
      businessHours: { start: '06:30', end: '19:00', days: [2, 3, 4, 5, 6] },
      changeVolume: 80,
    });
  });

  it('refuses an end before the start and an empty number without calling the server', async () => {
    const user = await renderTab();
    await user.clear(screen.getByRole('textbox', { name: 'End' }));
    await user.type(screen.getByRole('textbox', { name: 'End' }), '05:00');
    await user.clear(screen.getByRole('textbox', { name: 'Failed logons per burst' }));
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(screen.getByText('End must be after start')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Every number must be a whole number of at least 1');
    expect(fake.calls('PUT', '/detection-thresholds')).toHaveLength(0);
  });

  it('shows the server message when the save is refused, and resets the form to the defaults', async () => {
    fake.on('PUT', '/detection-thresholds', () => ({ status: 409, body: { error: { code: 'CONFLICT', message: 'The detection thresholds were changed by someone else at the same time; reload and try again' } } }));
    const user = await renderTab();
    const minutes = screen.getByRole('textbox', { name: 'Mass download window in minutes' });
    await user.clear(minutes);
    await user.type(minutes, '15');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('The detection thresholds were changed by someone else at the same time; reload and try again')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(screen.getByRole('textbox', { name: 'Mass download window in minutes' })).toHaveValue('60');
  });

  it('exports the settings file the CLI reads and imports one over the form', async () => {
    const download = vi.fn();
    const user = await renderTab(download);
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(download).toHaveBeenCalledWith(expect.stringMatching(/^blob:/), 'detection-settings.json');

    const file = new File([JSON.stringify({ changeVolume: 20, timeZone: 'Europe/Berlin', burst: { count: 3, minutes: 5 } })], 'settings.json', { type: 'application/json' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    expect(await screen.findByText('Read settings.json; check the values and save')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Changes per user and day' })).toHaveValue('20');
    expect(screen.getByRole('textbox', { name: 'Failed logons per burst' })).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(fake.calls('PUT', '/detection-thresholds')).toHaveLength(1));
    expect(fake.calls('PUT', '/detection-thresholds')[0]!.body).toEqual({ ...DEFAULTS, changeVolume: 20, burst: { count: 3, minutes: 5 } });
    expect(await screen.findByText(/Last changed .* by abcdef01…/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Changes per user and day' })).toHaveValue('20');
  });
});

describe('detection v3 settings', () => {
  it('saves the password resets, shared logons, bank-to-payment days and the networks', async () => {
    const user = await renderTab();
    const resets = screen.getByRole('textbox', { name: 'Password resets by one user' });
    await user.clear(resets);
    await user.type(resets, '3');
    const days = screen.getByRole('textbox', { name: 'Bank change to payment: days' });
    await user.clear(days);
    await user.type(days, '14');
    await user.type(screen.getByRole('textbox', { name: 'Networks (CIDR ranges, one per line)' }), '10.0.0.0/8{enter}192.168.10.0/24');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(fake.calls('PUT', '/detection-thresholds')).toHaveLength(1));
    expect(fake.calls('PUT', '/detection-thresholds')[0]!.body).toEqual({
      ...DEFAULTS,
      passwordResets: { count: 3, minutes: 60 },
      bankPaymentDays: 14,
      networks: ['10.0.0.0/8', '192.168.10.0/24'],
    });
  });

  it('refuses a network that is not a CIDR range, naming it, without calling the server', async () => {
    const user = await renderTab();
    await user.type(screen.getByRole('textbox', { name: 'Networks (CIDR ranges, one per line)' }), '10.0.0.0/33');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(screen.getByText('10.0.0.0/33: the prefix length must be 0 to 32 for an IPv4 address')).toBeInTheDocument();
    expect(fake.calls('PUT', '/detection-thresholds')).toHaveLength(0);
  });
});

describe('thresholds file and checks', () => {
  it('writes only the threshold keys and reads a file over the current values', () => {
    expect(JSON.parse(thresholdsToJson(DEFAULTS))).toEqual(DEFAULTS);
    expect(readThresholdsFile('{"openingHours": 4}', DEFAULTS)).toEqual({ ...DEFAULTS, openingHours: 4 });
    expect(() => readThresholdsFile('not json', DEFAULTS)).toThrow('The file is not JSON');
    expect(() => readThresholdsFile('[1]', DEFAULTS)).toThrow('The file must hold one JSON object of settings');
    expect(() => readThresholdsFile('{"timeZone":"UTC"}', DEFAULTS)).toThrow('The file names none of the settings');
  });

  it('names each problem', () => {
    expect(validateThresholds(DEFAULTS)).toEqual({});
    expect(validateThresholds({ ...DEFAULTS, businessHours: { start: '7', end: '19:00', days: [] }, openingHours: 0 })).toEqual({
      start: 'Enter a time HH:MM',
      days: 'Choose at least one working day',
      numbers: 'Every number must be a whole number of at least 1',
    });
  });
});
