/** CHANGE_WITHOUT_TICKET: a flagged change (SM20 change event or change document) that no supplied ticket covers. */
import { definePattern, type PatternRule } from './define-pattern.ts';
import type { CompactDocs } from '../../facts/index.ts';
import type { PatternEnv } from './pattern-env.ts';

type FlaggedVisit = (uid: number, t: number, source: 'sm20' | 'doc', f: number, i: number) => void;

/** SM20 flagged change records and flagged change documents with a user (items inherit their header's flags). */
function eachFlagged(env: PatternEnv, visit: FlaggedVisit): void {
  const { facts, users, noUser } = env;
  facts.forEach((f, fi) => {
    const c = f.sm20Changes;
    const uid = users.column(c.users);
    // Only change events: transaction starts, reads and downloads are not changes (flagged 3, collect-facts.ts).
    for (let i = 0; i < c.users.length; i++) if ((c.flagged[i]! & 2) !== 0) visit(uid(i), c.times[i]!, 'sm20', fi, i);
  });
  facts.forEach((f, fi) => {
    const d = f.docs;
    const e = env.docEpochs[fi]!;
    const uid = env.docUsers[fi]!;
    for (let i = 0; i < e.length; i++) {
      if (!d.flagged[i] || Number.isNaN(e[i]!)) continue;
      const u = uid(i);
      if (u !== noUser) visit(u, e[i]!, 'doc', fi, i);
    }
  });
}

const describeDoc = (d: CompactDocs, i: number) => {
  const tcode = d.tcodes.get(i);
  return `Change document ${d.classes.get(i)} ${d.changenrs.get(i)}${tcode ? ` (${tcode})` : ''}`;
};

function coverUsers(env: PatternEnv, mark: (uid: number) => void): void {
  eachFlagged(env, mark);
}

/** Also the summary's Tickets row: tickets, changes covered and not. */
function find(env: PatternEnv): void {
  const coverage = env.coverage;
  if (!coverage) return;
  const hits = env.hits;
  const sources = env.facts.map((f) => ({
    sm20: hits.source((i) => {
      const c = f.sm20Changes;
      const tcode = c.tcodes.get(i);
      return [c.users.get(i), tcode ? `${c.events.get(i)} ${tcode}` : c.events.get(i)];
    }),
    doc: hits.source((i) => [f.docs.users.get(i), describeDoc(f.docs, i)]),
  }));
  let covered = 0;
  let uncovered = 0;
  eachFlagged(env, (u, t, source, f, i) => {
    if (coverage.covers(u, t)) covered++;
    else {
      uncovered++;
      hits.add('CHANGE_WITHOUT_TICKET', 'high', t, sources[f]![source], i);
    }
  });
  env.summary.Tickets = { tickets: env.ticketCount, 'changes covered': covered, 'changes without ticket': uncovered };
}

export const CHANGE_WITHOUT_TICKET: PatternRule<'CHANGE_WITHOUT_TICKET'> = definePattern(
  { name: 'CHANGE_WITHOUT_TICKET', severity: 'high', title: 'Flagged change without a ticket', summary: 'A flagged change by a user that no supplied ticket covers.', reads: 'flagged change records and the tickets naming the user (one day before request to one day after close)', nextSteps: 'Ask for the change request; an unapproved change to a flagged object is a finding.' },
  { coverUsers, find },
);
