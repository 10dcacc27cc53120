import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { render } from '../../test-utils/render.tsx';
import { TimelinePanel } from './TimelinePanel.tsx';

const point = (day: string, n: number) => ({ day, failedLogins: n, highRisk: 0, dataModifications: 0 });

describe('TimelinePanel', () => {
  it('shows the whole period of the data by default and says which period it shows', () => {
    render(<TimelinePanel points={[point('2025-03-03', 5), point('2025-07-14', 1)]} />);
    expect(screen.getByTestId('timeline-period')).toHaveTextContent('Showing 3 Mar 2025 – 14 Jul 2025 (134 days). The data analysed covers 3 Mar 2025 – 14 Jul 2025 (134 days).');
  });

  it('switches to the last 30 days of the data and to a custom period, and says when a period has no events', () => {
    render(<TimelinePanel points={[point('2025-03-03', 5), point('2025-07-14', 1)]} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Last 30 days of the data' }));
    expect(screen.getByTestId('timeline-period')).toHaveTextContent('Showing 15 Jun 2025 – 14 Jul 2025 (30 days).');
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-04-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-04-30' } });
    expect(screen.getByTestId('timeline-period')).toHaveTextContent('Showing 1 Apr 2025 – 30 Apr 2025 (30 days).');
    expect(screen.getByText('No security events in this period.')).toBeInTheDocument();
  });
});
