import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { render } from '../../test-utils/render.tsx';
import { SummaryCard } from './SummaryCard.tsx';

describe('SummaryCard', () => {
  it('shows No data and the reason for an analysis without records, never Clean', () => {
    render(<SummaryCard result={{ analysisId: 'a', status: 'completed', fileType: 'CDHDR', summary: { total_records: 0, flagged_records: 0, flag_counts: {} } }} />);
    expect(screen.getByText('No data - No records were found')).toBeInTheDocument();
    expect(screen.getByTestId('no-records-notice')).toHaveTextContent('No records were found in the file(s)');
    expect(screen.getByText('Share of records flagged').nextSibling).toHaveTextContent('No data');
    expect(screen.queryByText(/Clean/)).toBeNull();
  });

  it('shows No data with the reason for an analysis of ticket files alone', () => {
    const reason = 'no SM20 or change-document records were given (ticket files alone are no evidence either way), so nothing was checked';
    render(<SummaryCard result={{ analysisId: 'a', status: 'completed', fileType: 'TICKETS', risk: 'No data', no_data_reason: reason, summary: { total_records: 5, flagged_records: 0, flag_counts: {} } }} />);
    expect(screen.getByText('No data — tickets alone: upload SM20 or change documents to analyse')).toBeInTheDocument();
    expect(screen.queryByText('No data - No records were found')).toBeNull();
    expect(screen.getByTestId('no-records-notice')).toHaveTextContent(`No data: ${reason}.`);
    expect(screen.queryByText(/Clean/)).toBeNull();
  });

  it('keeps Clean for records without flags', () => {
    render(<SummaryCard result={{ analysisId: 'a', status: 'completed', fileType: 'CDHDR', summary: { total_records: 40, flagged_records: 0, flag_counts: {} } }} />);
    expect(screen.getByText('Clean - No Security Issues Detected')).toBeInTheDocument();
    expect(screen.queryByTestId('no-records-notice')).toBeNull();
  });
});
