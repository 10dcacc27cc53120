import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TicketFact, decodeFacts, encodeFacts, PackedColumn, toCompactFacts } from '../facts/index.ts';
import { createTicketCoverage, TicketCoverage } from './ticket-coverage.ts';
import { UserIds } from './user-ids.ts';

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

describe('ticket coverage, words of the text', () => {
  // A user is named where the name stands with no [A-Z0-9_] right before or after it (names are
  // spelt [A-Z0-9_], with . @ - inside only).
  const names = (text: string, user: string) => {
    if (!/^[A-Z0-9_]([A-Z0-9_.@-]*[A-Z0-9_])?$/.test(user)) return false;
    for (let p = text.indexOf(user); p >= 0; p = text.indexOf(user, p + 1)) {
      const before = p === 0 ? '' : text[p - 1]!;
      const after = text[p + user.length] ?? '';
      if (!/[A-Z0-9_]/.test(before) && !/[A-Z0-9_]/.test(after)) return true;
    }
    return false;
  };
  it('names a user standing between non-word characters, e-mails and hyphenated words included', () => {
    const t: TicketFact[] = [['T1', [], 'PLEASE UNLOCK KARIN WEBER (KWEBER), KWEBER@CORP.EXAMPLE, J.DOE-2 AND KWEBERT', at('2026-11-18T08:00:00'), at('2026-11-18T09:00:00')]];
    const c = createTicketCoverage(t, ['KWEBER', 'J.DOE', 'DOE', 'CORP', 'WEBER', 'KWEBERT', 'EBER', 'J.DOE-2', 'OE']);
    const when = at('2026-11-18T12:00:00');
    expect(['KWEBER', 'J.DOE', 'DOE', 'CORP', 'WEBER', 'KWEBERT', 'J.DOE-2'].filter((u) => c(u, when))).toEqual([
      'KWEBER',
      'J.DOE',
      'DOE',
      'CORP',
      'WEBER',
      'KWEBERT',
      'J.DOE-2',
    ]);
    expect(c('EBER', when)).toBe(false);
    expect(c('OE', when)).toBe(false);
  });
  it('names exactly the users standing as whole words, on plain and packed texts', () => {
    const text = fc.array(fc.constantFrom('A', 'B', 'AB', '.', '@', '-', ' ', '_', '1', 'É', '€', ',', 'A.B', 'B-'), { maxLength: 12 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), fc.constantFrom('A', 'B', 'AB', 'A.B', '_', 'B-', 'A1', 'É'), (texts, user) => {
        const tickets: TicketFact[] = texts.map((t, i) => [`T${i}`, [], t, at('2026-11-18T08:00:00') + i * 10 * 86_400, at('2026-11-18T09:00:00') + i * 10 * 86_400]);
        const covers = createTicketCoverage(tickets, [user]);
        // Packed texts (the codec's form for mostly distinct texts) are scanned on their bytes.
        const many = Array.from({ length: 5000 }, (_, k): TicketFact => [`X${k}`, [], `N${k}`, 0, 1]);
        const compact = toCompactFacts(decodeFacts(Buffer.concat(encodeFacts({ tickets: [...tickets, ...many] })), new Set(), 'compact')).tickets;
        expect(compact.texts).toBeInstanceOf(PackedColumn);
        const ids = new UserIds();
        const uid = ids.of(user);
        const packed = new TicketCoverage(ids, (u) => u === uid, [compact]);
        const coversPacked = (u: string, t: number) => packed.covers(ids.findUpper(u), t);
        texts.forEach((t, i) => {
          const named = names(t, user);
          const when = at('2026-11-18T08:30:00') + i * 10 * 86_400;
          expect(covers(user, when)).toBe(named);
          expect(coversPacked(user, when)).toBe(named);
        });
      }),
      { numRuns: 200 },
    );
  });
});
