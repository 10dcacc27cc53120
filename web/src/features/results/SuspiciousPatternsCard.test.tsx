import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { render } from '../../test-utils/render.tsx';
import { SuspiciousPatternsCard } from './SuspiciousPatternsCard.tsx';

const p = (pattern: string, risk_level: string, sm20_time: string) => ({ pattern, risk_level, user: 'KWEBER', sm20_time, sm20_activity: 'SE16N' });

describe('SuspiciousPatternsCard', () => {
  it('lists critical before high, medium and low, by time within a level, with a title and an explanation', () => {
    render(
      <SuspiciousPatternsCard
        patterns={[
          p('CHANGE_WITHOUT_TICKET', 'high', '2025-03-05 10:00:00'),
          p('FAILED_LOGON_BURST', 'medium', '2025-03-01 08:00:00'),
          p('CHANGE_WITHOUT_TICKET', 'high', '2025-03-04 10:00:00'),
          p('SOME_NEW_RULE', 'low', '2025-03-01 08:00:00'),
          p('DEBUGGER_DATA_CHANGE', 'critical', '2025-03-06 23:00:00'),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('pattern-row');
    expect(rows.map((r) => r.getAttribute('data-level'))).toEqual(['critical', 'high', 'high', 'medium', 'low']);
    expect(within(rows[0]!).getByText('Debugger change followed by a data change')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/debugger field change followed by a data change/)).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('2025-03-04 10:00:00');
    expect(within(rows[4]!).getByText('Some new rule')).toBeInTheDocument();
    expect(screen.getByText('5 found, most severe first.')).toBeInTheDocument();
  });

  it('shows the whole risk word in the badge', () => {
    render(<SuspiciousPatternsCard patterns={[p('SELF_AUTHORIZATION', 'critical', '2025-03-06 23:00:00')]} />);
    const badge = screen.getByText('critical');
    expect(getComputedStyle(badge).textOverflow).not.toBe('ellipsis');
  });
});
