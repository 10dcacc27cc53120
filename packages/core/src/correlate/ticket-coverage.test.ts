import { describe, expect, it } from 'vitest';
import type { TicketFact } from './facts.ts';
import { createTicketCoverage } from './ticket-coverage.ts';

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;

describe('createTicketCoverage', () => {
  const tickets: TicketFact[] = [
    ['T1', ['BOB'], 'VENDOR CHANGE', at('2026-11-18T08:00:00'), at('2026-11-18T18:00:00')],
    ['T2', ['SUPPORT'], 'PLEASE GRANT SU01 TO MIKE.', at('2026-11-18T08:00:00'), at('2026-11-18T09:00:00')],
    ['T3', ['OPEN'], '', at('2026-11-01T08:00:00'), null],
    ['T4', ['NOTIME'], '', null, null],
  ];
  const covers = createTicketCoverage(tickets);

  it('covers from one day before the request to one day after the close', () => {
    expect(covers('bob', at('2026-11-17T08:00:00'))).toBe(true);
    expect(covers('BOB', at('2026-11-19T18:00:00'))).toBe(true);
    expect(covers('BOB', at('2026-11-17T07:59:59'))).toBe(false);
    expect(covers('BOB', at('2026-11-19T18:00:01'))).toBe(false);
  });
  it('counts a whole-word mention in the text, not a part of a word', () => {
    expect(covers('MIKE', at('2026-11-18T12:00:00'))).toBe(true);
    expect(covers('MIK', at('2026-11-18T12:00:00'))).toBe(false);
  });
  it('keeps open tickets open and ignores tickets without times', () => {
    expect(covers('OPEN', at('2027-05-01T00:00:00'))).toBe(true);
    expect(covers('OPEN', at('2026-10-30T00:00:00'))).toBe(false);
    expect(covers('NOTIME', at('2026-11-18T12:00:00'))).toBe(false);
  });
  it('finds a covering window behind later-starting ones', () => {
    const c = createTicketCoverage([
      ['A', ['U'], '', at('2026-01-01T00:00:00'), at('2026-12-31T00:00:00')],
      ['B', ['U'], '', at('2026-06-01T00:00:00'), at('2026-06-02T00:00:00')],
    ]);
    expect(c('U', at('2026-09-01T00:00:00'))).toBe(true);
  });
});
