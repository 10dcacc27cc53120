/**
 * The step-1 side of the facts the patterns declare (rules/pattern/define-fact.ts): each
 * declaration made once into functions per record type, indexed by its mark bit, so that
 * FactsCollector.addDeclared reads a marked record with no lookup by name and no allocation.
 */
import { docKey, describeChangeDoc, describeSm20 } from '../../facts/index.ts';
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import type { FlagResult } from '../../flags/flag-result.ts';
import type { DeclaredFact, FactColumn, FactColumnOf, FactRecordType } from '../../rules/pattern/define-fact.ts';

type Read = (rec: CanonicalRecord, out: FlagResult) => string;

/** A declared fact as the collector runs it for one record type. */
export interface CompiledFact {
  kind: string;
  when: ((rec: CanonicalRecord) => boolean) | undefined;
  target: Read;
  terminal: Read;
  peer: Read;
  activity: Read;
  key: Read;
}

const EMPTY: Read = () => '';

function reader(column: FactColumn | FactColumnOf | undefined, bit: number): Read {
  if (typeof column === 'function') return (rec, out) => column(rec, out.marked[bit]!);
  switch (column) {
    case undefined:
    case '':
      return EMPTY;
    case 'marked':
      return (_rec, out) => out.marked[bit]!;
    case 'docKey':
      return (rec) => docKey(rec.objectclas, rec.objectid, rec.changenr);
    case 'peerAddress':
      return (rec) => peerAddress(rec.peer);
    case 'recordText':
      return (rec) => (rec.fileType === 'SM20' ? describeSm20(rec) : describeChangeDoc(rec));
    default: {
      const field = column;
      return (rec) => rec[field].trim();
    }
  }
}

/** Per record type, the declared facts by mark bit (undefined where no fact of that bit keeps records of the type). */
export type DeclaredByType = Record<FactRecordType, (CompiledFact | undefined)[]>;

export function compileDeclaredFacts(facts: readonly DeclaredFact[]): DeclaredByType {
  const byType: DeclaredByType = { SM20: [], CDHDR: [], CDPOS: [] };
  for (const f of facts)
    for (const type of ['SM20', 'CDHDR', 'CDPOS'] as const) {
      const c = f.records[type];
      if (c === undefined) continue;
      byType[type][f.bit] = { kind: f.kind, when: c.when, target: reader(c.target, f.bit), terminal: reader(c.terminal, f.bit), peer: reader(c.peer, f.bit), activity: reader(c.activity, f.bit), key: reader(c.key, f.bit) };
    }
  return byType;
}

/** The peer's IP address without its port ("10.1.2.3:3200" → "10.1.2.3"; IPv6 in brackets kept whole). */
export function peerAddress(peer: string): string {
  if (peer === '') return '';
  if (peer.startsWith('[')) return peer.slice(0, peer.indexOf(']') + 1) || peer;
  const colon = peer.indexOf(':');
  return colon >= 0 && peer.indexOf(':', colon + 1) < 0 ? peer.slice(0, colon) : peer;
}
