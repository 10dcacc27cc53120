import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../../test-utils/render.tsx';
import { FindingEvidence } from './FindingEvidence.tsx';

describe('FindingEvidence', () => {
  it("shows a change-document finding's record: why, user, time, the field's old → new value, every column on demand, escaped", async () => {
    const record = {
      FILE_TYPE: 'CDPOS',
      SOURCE_FILE: 'cdpos.csv',
      OBJECTCLAS: 'VERKBELEG',
      OBJECTID: '0051938118',
      CHANGENR: '0001000000',
      TABNAME: 'VBAP',
      TABKEY: '1',
      FNAME: 'NETWR',
      CHNGIND: 'U',
      VALUE_NEW: '<img src=x onerror="alert(1)">',
      VALUE_OLD: '0',
      SENSITIVE_FIELD_FLAG: 'Sensitive field NETWR in VBAP changed',
      HIGH_RISK_TABLE_FLAG: 'High-risk table VBAP (Sales)',
      RULES: 'CD-SENSITIVE-FIELD, TABLE-HIGH-RISK',
      'USERNAME (header)': 'U0001',
      'UDATE UTIME (header)': '2026-09-01 09:32:39',
    };
    const { container } = render(<FindingEvidence finding={{ source: { flag: 'SENSITIVE_FIELD_FLAG', file: 'cdpos.csv', fileType: 'CDPOS' } }} evidence={[record]} />);
    const section = screen.getByRole('region', { name: 'Evidence' });
    expect(within(section).getByTestId('sample-reason')).toHaveTextContent('Sensitive field NETWR in VBAP changed');
    // Who and when from the item's change-document header; the document, then the table, field and key.
    expect(within(section).getByTestId('key-field-user')).toHaveTextContent('U0001');
    expect(within(section).getByTestId('key-field-time')).toHaveTextContent('2026-09-01 09:32:39');
    expect(within(section).getByTestId('key-field-object')).toHaveTextContent('VERKBELEG · 0051938118 · VBAP · NETWR · 1');
    expect(within(section).getByTestId('key-field-event')).toHaveTextContent('U · 0 → <img src=x onerror="alert(1)">');
    expect(container.querySelector('img')).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: /^All fields/ }));
    expect(within(section).getByTestId('sample-all-fields')).toHaveTextContent('OBJECTCLASVERKBELEG');
  });

  it("shows a pattern's row in words, and nothing without evidence", () => {
    const row = { rule: 'PAT-CHANGE-WITHOUT-TICKET', pattern: 'CHANGE_WITHOUT_TICKET', risk_level: 'high', user: 'FF_007', sm20_time: '2026-09-11 23:05:00', sm20_activity: 'Change document IDENTITY 0001015357 (SU01)' };
    const { container } = render(
      <>
        <FindingEvidence finding={{ source: { pattern: 'CHANGE_WITHOUT_TICKET' } }} evidence={[row]} />
        <FindingEvidence finding={{ source: {} }} evidence={[]} />
      </>,
    );
    const section = screen.getByRole('region', { name: 'Evidence' });
    expect(within(section).getByText('Activity').nextSibling).toHaveTextContent('Change document IDENTITY 0001015357 (SU01)');
    expect(within(section).getByText('Time').nextSibling).toHaveTextContent('2026-09-11 23:05:00');
    expect(container.querySelectorAll('[data-testid="finding-evidence"]')).toHaveLength(1);
  });

  it('shows the first 3 records of a long evidence list, the rest on demand', async () => {
    const records = Array.from({ length: 5 }, (_, i) => ({ FILE_TYPE: 'SM20', SOURCE_FILE: 'sm20.csv', User: 'U1', OTHER: `reason ${i}` }));
    render(<FindingEvidence finding={{ source: { pattern: 'MASS_DOWNLOAD' } }} evidence={records} />);
    const section = screen.getByRole('region', { name: 'Evidence (5 records)' });
    expect(within(section).getAllByTestId('flag-sample-record')).toHaveLength(3);
    await userEvent.click(within(section).getByRole('button', { name: 'Show all 5 records' }));
    expect(within(section).getAllByTestId('flag-sample-record')).toHaveLength(5);
    expect(within(section).getAllByTestId('sample-reason').map((e) => e.textContent)).toEqual([0, 1, 2, 3, 4].map((i) => `Why flagged${`reason ${i}`}`));
  });
});
