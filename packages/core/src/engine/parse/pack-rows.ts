import { packFacts, unpackFacts } from '../../facts/index.ts';
import type { FlaggedRows } from './flag-rows.ts';

/** A part's rows as they cross threads: the facts' column builders as plain data (facts-transfer.ts). */
export function packRows(rows: FlaggedRows): FlaggedRows {
  return { ...rows, facts: packFacts(rows.facts) };
}

export function unpackRows(rows: FlaggedRows): FlaggedRows {
  return { ...rows, facts: unpackFacts(rows.facts) };
}
