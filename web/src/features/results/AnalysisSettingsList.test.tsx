import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { render } from '../../test-utils/render.tsx';
import { AnalysisSettingsList, thresholdValueText } from './AnalysisSettingsList.tsx';

// The settings summary as GET /results/{id} serves it (the CLI's --json `settings` of the same run).
const SETTINGS = {
  timeZone: 'Europe/Berlin',
  holidayCalendar: 'DE-BY',
  businessHours: { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] },
  thresholds: { changeVolume: 50, burst: { count: 3, minutes: 10 }, sharedLogons: { addresses: 3, minutes: 60 }, networks: [] },
  lists: { highRiskTcodes: '149 entries, sha256 d8faa63de296', sensitiveRoles: '8 entries, sha256 8c2b40817d56' },
  period: { first: '2026-11-18 08:00:00', last: '2026-11-27 10:00:00' },
};

describe('the settings an analysis ran with', () => {
  it('states the period, time zone, holiday calendar, business hours, each threshold in words and each list version', () => {
    render(<AnalysisSettingsList settings={SETTINGS} />);
    const list = screen.getByTestId('analysis-settings');
    expect(list).toHaveTextContent('Data period: 2026-11-18 08:00:00 to 2026-11-27 10:00:00');
    expect(list).toHaveTextContent('Time zone: Europe/Berlin');
    expect(list).toHaveTextContent('Holiday calendar: DE-BY');
    expect(list).toHaveTextContent('Business hours: Mon–Fri 07:00–19:00');
    expect(list).toHaveTextContent('Changes by one user in a day (more raise CHANGE_VOLUME): 50');
    expect(list).toHaveTextContent('Failed logons that make a burst: 3 within 10 minutes');
    expect(list).toHaveTextContent('Addresses one user logs on from: 3 within 60 minutes');
    expect(list).toHaveTextContent("The organisation's networks: none (UNEXPECTED_NETWORK_LOGON is off)");
    expect(list).toHaveTextContent('List: High-risk transactions: 149 entries, sha256 d8faa63de296');
    expect(list).toHaveTextContent('List: Sensitive roles: 8 entries, sha256 8c2b40817d56');
  });

  it('shows nothing for an analysis from before the settings summary', () => {
    render(<AnalysisSettingsList settings={null} />);
    expect(screen.queryByTestId('analysis-settings')).toBeNull();
    expect(screen.queryByText(/Time zone/)).toBeNull();
  });

  it('names networks, unknown thresholds and counts as they come', () => {
    expect(thresholdValueText('networks', ['10.0.0.0/8', '192.168.10.0/24'])).toBe('10.0.0.0/8, 192.168.10.0/24');
    expect(thresholdValueText('newThreshold', { users: 4, minutes: 30 })).toBe('4 within 30 minutes');
    expect(thresholdValueText('openingHours', 8)).toBe('8');
  });
});
