/**
 * The part of correlation that reads the CDPOS items with their change-document headers: the
 * rules over them (AFTER_HOURS_SENSITIVE_CHANGE: step 1's after-hours records and the sensitive
 * items whose time only their header knows; SELF_AUTHORIZATION: user administration, items and
 * headers on the acting user's own user) and the joins of items and headers (the headers
 * non-joined items inherit, the summary's CDHDR ↔ CDPOS row). It needs none of the other rules'
 * results and they need none of its, so the engine can run it beside them (engine/correlate/correlate-items.ts).
 */
import { type CompactFacts, epochsOf, toCompactFacts } from '../facts/index.ts';
import type { CorrelationSummary } from '../model/index.ts';
import { AFTER_HOURS_SENSITIVE_CHANGE, type ItemRuleEnv, type LateKey, SELF_AUTHORIZATION } from '../rules/pattern/index.ts';
import { HeaderIndex, type HeaderSource } from './header-index.ts';
import { PatternHits, type SealedHits } from './pattern-hits.ts';
import { FirstSeenPairs, I32List, UserIds } from './user-ids.ts';

/** At most this many patterns of one kind are listed; the summary keeps the full counts. */
/** Every pattern is listed (DETECTION.md section 3: no per-kind or per-analysis cap). */
export const MAX_PATTERNS_PER_KIND = Number.POSITIVE_INFINITY;

/** The rules correlateItems runs (the correlation step leaves them out when it runs correlateItems apart). */
export const ITEM_RULES = [AFTER_HOURS_SENSITIVE_CHANGE, SELF_AUTHORIZATION] as const;

export interface ItemHeaders {
  distinct: number;
  /** Header columns (compact columns, which the facts codec writes as they are). */
  docs: HeaderSource['docs'];
}

type TimingCheck = (isoDate: string, time: string) => string | undefined;

const EMPTY = toCompactFacts({});

/** What correlateItems gives back to the correlation step (plain data: it crosses threads). */
export interface ItemCorrelation {
  /** Per rule of ITEM_RULES, its hits. */
  hits: SealedHits[];
  /** The summary's CDHDR ↔ CDPOS row, when there are both. */
  itemsRow?: CorrelationSummary[string];
}

/**
 * ITEM_RULES and the joins over facts that hold (at least) the change-document headers, the
 * after-hours records, the sensitive item keys, the item keys, the security events and the user
 * administration. Its hits are those the full correlation finds for these rules (their users as
 * ids of their own: the rules compare ids, never keep them). Consumes the facts: a late key is let
 * go after the last rule that reads it.
 */
export function correlateItems(facts: CompactFacts[], timingOf: TimingCheck): ItemCorrelation & { itemHeaders?: ItemHeaders } {
  const hits = new PatternHits(MAX_PATTERNS_PER_KIND);
  for (const r of ITEM_RULES) hits.declare(r.name);
  const headers = new HeaderIndex(facts);
  const users = new UserIds();
  const env: ItemRuleEnv = {
    facts, users, noUser: users.of(''), hits, headers, timingOf, pairSet: () => new FirstSeenPairs(),
    docEpochs: facts.map((f) => epochsOf(f.docs.dates, f.docs.times)),
    docUsers: facts.map((f) => users.column(f.docs.users)),
    securityEvents: facts.flatMap((f) => f.securityEvents),
    headerOf: (key) => headers.userAndEpoch(key),
  };
  const found = ITEM_RULES.map((r, k) => {
    r.find(env);
    // Late keys no later rule reads (the joins read the item keys) are let go, as in the full correlation.
    const later = new Set<string>(['itemKeys', ...ITEM_RULES.slice(k + 1).flatMap((n) => n.reads)]);
    for (const key of r.reads) if (!later.has(key)) for (const f of facts) (f as unknown as Record<LateKey, unknown>)[key] = EMPTY[key];
    return hits.sealed(r.name);
  });
  const summary: CorrelationSummary = {};
  const itemHeaders = joinItems(facts, headers, summary);
  const itemsRow = summary['CDHDR ↔ CDPOS'];
  return { hits: found, ...(itemsRow ? { itemsRow } : {}), ...(itemHeaders ? { itemHeaders } : {}) };
}

/**
 * The joins of CDPOS items and their headers: the headers non-joined items inherit (for the
 * report step) and the summary's CDHDR ↔ CDPOS row. Reads the item keys.
 */
export function joinItems(facts: CompactFacts[], headers: HeaderIndex, summary: CorrelationSummary): ItemHeaders | undefined {
  const has = (t: string) => facts.some((f) => f.fileType === t);
  const looseItems = facts.filter((f) => f.fileType === 'CDPOS' && !f.joined);
  // Each item key's header, looked up once for the item headers and the CDHDR ↔ CDPOS summary.
  const headerOfItem = looseItems.map((f) => {
    const k = f.itemKeys;
    const at = new Int32Array(k.keys.length);
    for (let i = 0; i < at.length; i++) at[i] = headers.findKeyAt(k.keys, i);
    return at;
  });
  let itemHeaders: ItemHeaders | undefined;
  if (looseItems.length > 0 && headers.size > 0) {
    // A header key may come again (step 1 keeps runs of items): each header once, first seen first.
    const found = new I32List();
    const seen = new Uint8Array(headers.size);
    for (const at of headerOfItem) {
      for (let i = 0; i < at.length; i++) {
        const h = at[i]!;
        if (h >= 0 && seen[h] === 0) {
          seen[h] = 1;
          found.push(h);
        }
      }
    }
    itemHeaders = { distinct: headers.size, docs: headers.rowsAt(found.view()) };
  }
  if (has('CDPOS') && has('CDHDR')) {
    let items = 0;
    let withHeader = 0;
    for (const f of facts) {
      if (f.fileType !== 'CDPOS') continue;
      if (f.joined) {
        items += f.records;
        withHeader += f.records;
        continue;
      }
      const k = f.itemKeys;
      const at = headerOfItem[looseItems.indexOf(f)]!;
      for (let i = 0; i < k.keys.length; i++) {
        const count = k.counts[i]!;
        items += count;
        if (at[i]! >= 0) withHeader += count;
      }
    }
    summary['CDHDR ↔ CDPOS'] = { headers: headers.size, items, 'items with header': withHeader, 'items without header': items - withHeader };
  }
  return itemHeaders;
}
