import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { render } from '../../test-utils/render.tsx';
import { RiskBadge } from './RiskBadge.tsx';
import { riskLevel } from './risk.ts';

describe('riskLevel', () => {
  it('uses the spec thresholds: >10% High, >5% Medium, any Low, none Clean, no records No data', () => {
    expect(riskLevel(11, 100)).toBe('High');
    expect(riskLevel(10, 100)).toBe('Medium');
    expect(riskLevel(6, 100)).toBe('Medium');
    expect(riskLevel(5, 100)).toBe('Low');
    expect(riskLevel(1, 1000)).toBe('Low');
    expect(riskLevel(0, 1000)).toBe('Clean');
    expect(riskLevel(0, 0)).toBe('No data');
    expect(riskLevel(3, 0)).toBe('High');
  });
});

describe('RiskBadge', () => {
  it('shows the long label on results and the short one on the dashboard', () => {
    render(
      <>
        <RiskBadge flagged={20} total={100} />
        <RiskBadge flagged={7} total={100} short />
        <RiskBadge flagged={0} total={100} short />
        <RiskBadge flagged={0} total={0} short />
      </>,
    );
    expect(screen.getByText('No data').closest('[data-risk="No data"]')).toHaveAttribute('title', expect.stringMatching(/No records were found in the file\(s\)/));
    expect(screen.getByText('High Risk - Immediate Review Required')).toBeInTheDocument();
    expect(screen.getByText('Medium Risk')).toBeInTheDocument();
    expect(screen.getByText('Clean')).toBeInTheDocument();
  });
});
