/** SYSTEM_OPENED_FOR_CHANGES: change activity after a system or client was opened, until it is closed (same scope) or `openingHours` end. */
import { definePattern } from './define-pattern.ts';
import { defineFact } from './define-fact.ts';
import { systemOpened } from '../../flags/sm20-events.ts';
import { docKey, formatEpoch } from '../../facts/file-facts.ts';
import { docCompletionKey, sm20CompletionKey, type CompletionKey } from './completion-keys.ts';
import { eventsOfKind, K, pattern, type PatternEnv } from './pattern-env.ts';

/** A change: its time and the key of its record. */
interface ChangeMoment {
  epoch: number;
  key: CompletionKey;
}

/** Change activity: DU9/CUZ changes, CUL, BU4, and change documents once per CHANGENR. */
function changeMoments(env: PatternEnv): ChangeMoment[] {
  const out: ChangeMoment[] = [];
  const seenDocs = new Set<string>();
  env.facts.forEach((f, fi) => {
    for (const [user, t] of [...f.tableChanges, ...f.debuggerChanges]) out.push({ epoch: t, key: sm20CompletionKey(user, t) });
    const c = f.sm20Changes;
    for (let i = 0; i < c.users.length; i++) if (c.events.get(i) === 'BU4') out.push({ epoch: c.times[i]!, key: sm20CompletionKey(c.users.get(i), c.times[i]!) });
    const d = f.docs;
    const e = env.docEpochs[fi]!;
    for (let i = 0; i < e.length; i++) {
      const nr = `${d.classes.get(i)}\u0001${d.changenrs.get(i)}`;
      if (Number.isNaN(e[i]!) || seenDocs.has(nr)) continue;
      seenDocs.add(nr);
      out.push({ epoch: e[i]!, key: docCompletionKey(docKey(d.classes.get(i), d.ids.get(i), d.changenrs.get(i))) });
    }
  });
  return out;
}

/** The first change inside completes the pattern. */
/** The system (EU1) or a client (EU2, the client in the first variable) changed by its change options: its scope in words. */
const scopeOf = (rec: { event: string; var1: string }): string => (rec.event === 'EU1' ? 'SYSTEM' : `CLIENT ${rec.var1.trim()}`);

/** The system or a client opened for changes (EU1 to Modifiable, EU2 with 1 or 3 in the third field: systemOpened). */
export const OPENED = defineFact({
  kind: 'opened',
  about: 'the system or a client opened for changes (EU1, EU2)',
  events: ['EU1', 'EU2'],
  records: { SM20: { target: scopeOf, terminal: 'terminal', peer: 'peerAddress', activity: 'recordText', when: (rec) => systemOpened(rec.event, rec.var2) } },
});

/** The system or a client closed again (EU1, EU2 that do not open it). */
export const CLOSED = defineFact({
  kind: 'closed',
  about: 'the system or a client closed again (EU1, EU2 that do not open)',
  events: ['EU1', 'EU2'],
  records: { SM20: { target: scopeOf, terminal: 'terminal', peer: 'peerAddress', activity: 'recordText', when: (rec) => !systemOpened(rec.event, rec.var2) } },
});

function find(env: PatternEnv): void {
  const th = env.thresholds;
  const openings = eventsOfKind(env, OPENED.kind).sort((a, b) => a[K.epoch] - b[K.epoch]);
  if (openings.length === 0) return;
  const closings = eventsOfKind(env, CLOSED.kind).sort((a, b) => a[K.epoch] - b[K.epoch]);
  const changes = changeMoments(env).filter((c) => !Number.isNaN(c.epoch)).sort((a, b) => a.epoch - b.epoch);
  const found = [];
  for (const o of openings) {
    const t = o[K.epoch];
    const close = closings.find((x) => x[K.epoch] > t && x[K.target] === o[K.target]);
    const end = Math.min(close ? close[K.epoch] : Infinity, t + th.openingHours * 3600);
    const inside = changes.filter((c) => c.epoch > t && c.epoch < end);
    if (inside.length === 0) continue;
    const scope = o[K.target] === 'SYSTEM' ? 'System' : `Client ${o[K.target].replace('CLIENT ', '')}`;
    found.push(pattern('SYSTEM_OPENED_FOR_CHANGES', 'critical', o[K.user], t, `${scope} opened for changes by ${o[K.user]}; ${inside.length} change${inside.length === 1 ? '' : 's'} until ${close ? `closed at ${formatEpoch(close[K.epoch]).slice(11)}` : `${th.openingHours} hours later`}`));
    env.complete(inside[0]!.key, 'SYSTEM_OPENED_FOR_CHANGES');
  }
  env.hits.addPatterns(found);
}

export const SYSTEM_OPENED_FOR_CHANGES = definePattern(
  { name: 'SYSTEM_OPENED_FOR_CHANGES', severity: 'critical', title: 'System or client opened for changes', summary: 'A system or client was made modifiable; the changes made while it was open (at most {openingHours} hours) are counted.', reads: 'EU1 (state Modifiable/Änderbar) or EU2 (settings with 1 or 3 in the third field), then change activity until it is closed, at most {openingHours} hours', nextSteps: 'Check the opening was approved and review every change made while the system was open.', sentinel: 'SAP - System Configuration Change; SAP - Client Configuration Change', settings: [{ key: 'openingHours', kind: 'number', default: 8, min: 1, max: 168, label: 'System opened: window in hours', unit: 'hours', help: 'SYSTEM_OPENED_FOR_CHANGES' }] },
  { find, collects: [OPENED, CLOSED] },
);
