import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { render } from '../../test-utils/render.tsx';
import type { AnalysisResult } from '../../api/types.ts';
import { AnalysisCompleteCard } from './AnalysisCompleteCard.tsx';

const base: AnalysisResult = {
  analysisId: 'abc-123',
  status: 'completed',
  analysis_type: 'single',
  fileType: 'SM20',
  completedAt: '2026-01-02T10:00:00Z',
  summary: { total_records: 400, flagged_records: 50, flag_counts: {} },
  record_count_summary: { input_files: { 'sm20.csv': 400 }, output_files: { 'sm20.csv': 400 }, total_input_records: 400, total_output_records: 400 },
  excelDownloadUrl: 'http://x/report.xlsx',
  csvDownloadUrl: 'http://x/report.csv',
};

describe('AnalysisCompleteCard', () => {
  it('says why an analysis of ticket files alone is No data, never Clean (issue 27)', () => {
    const reason = 'no SM20 or change-document records were given (ticket files alone are no evidence either way), so nothing was checked';
    const tickets: AnalysisResult = { ...base, fileType: 'TICKETS', risk: 'No data', no_data_reason: reason, summary: { total_records: 12, flagged_records: 0, flag_counts: {} } };
    render(<AnalysisCompleteCard result={tickets} onViewResults={() => {}} onStartNew={() => {}} />);
    expect(screen.getByText('No data — tickets alone: upload SM20 or change documents to analyse')).toBeInTheDocument();
    expect(screen.queryByText(/^Clean/)).toBeNull();
    expect(screen.getByTestId('no-records-notice')).toHaveTextContent(`No data: ${reason}.`);
  });
  it('shows totals, detection rate, risk, downloads and the footer', () => {
    const onView = vi.fn();
    render(<AnalysisCompleteCard result={base} onViewResults={onView} onStartNew={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Analysis Complete!' })).toBeInTheDocument();
    expect(screen.getByText('12.50%')).toBeInTheDocument();
    expect(screen.getByText('SM20')).toBeInTheDocument();
    expect(screen.getByText('High Risk - Immediate Review Required')).toBeInTheDocument();
    expect(screen.getByText('All records processed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Excel (multi-sheet)' })).toHaveAttribute('href', 'http://x/report.xlsx');
    expect(screen.getByText(/Analysis ID: abc-123/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View Detailed Results' }));
    expect(onView).toHaveBeenCalledTimes(1);
  });

  it('shows the engine\'s overall risk raised by a critical case, with why, and keeps the share', () => {
    const reason = '2 critical cases; 12.50 % of records flagged, which alone reads High';
    render(<AnalysisCompleteCard result={{ ...base, risk: 'Critical', risk_by_share: 'High', risk_reason: reason }} onViewResults={() => {}} onStartNew={() => {}} />);
    expect(screen.getByText('Critical Risk - Review the Critical Cases First').closest('[data-risk]')).toHaveAttribute('data-risk', 'Critical');
    expect(screen.queryByText('High Risk - Immediate Review Required')).toBeNull();
    expect(screen.getByTestId('risk-reason')).toHaveTextContent(`Overall risk: ${reason}`);
    expect(screen.getByText('12.50%')).toBeInTheDocument();
  });

  it('counts files for multi analyses and warns about a record difference', () => {
    render(
      <AnalysisCompleteCard
        result={{
          ...base,
          analysis_type: 'multi',
          fileType: 'MULTI',
          correlation_results: { risk_correlation: { total_records_analyzed: 10, total_flagged_records: 0, risk_percentage: 0, files_correlated: ['a.csv', 'b.csv', 'c.csv'] } },
          record_count_summary: { input_files: { 'a.csv': 6 }, output_files: { 'a.csv': 4 }, total_input_records: 6, total_output_records: 4 },
          excelDownloadUrl: undefined,
          csvDownloadUrl: undefined,
          downloadUrl: 'http://x/all.zip',
        }}
        onViewResults={() => {}}
        onStartNew={() => {}}
      />,
    );
    expect(screen.getByText('3 Files')).toBeInTheDocument();
    expect(screen.getByText(/Record difference: 2 fewer records/)).toBeInTheDocument();
    expect(screen.getByText('Clean - No Security Issues Detected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Results' })).toHaveAttribute('href', 'http://x/all.zip');
  });
});

describe('AnalysisCompleteCard with no records', () => {
  it('says No data with the reason instead of Clean', () => {
    render(
      <AnalysisCompleteCard
        result={{
          ...base,
          summary: { total_records: 0, flagged_records: 0, flag_counts: {} },
          record_count_summary: { input_files: { 'sm20.csv': 0 }, output_files: { 'sm20.csv': 0 }, total_input_records: 0, total_output_records: 0 },
        }}
        onViewResults={() => {}}
        onStartNew={() => {}}
      />,
    );
    expect(screen.getByText('No data - No records were found')).toBeInTheDocument();
    expect(screen.getByTestId('no-records-notice')).toHaveTextContent('No records were found in the file(s)');
    expect(screen.getByText('Share of records flagged').nextSibling).toHaveTextContent('No data');
    expect(screen.queryByText(/Clean/)).toBeNull();
  });
});
