/** SYSTEM_OPENED_FOR_CHANGES: change activity after a system or client was opened, until it is closed (same scope) or `openingHours` end. */
import { definePattern } from './define-pattern.ts';
import { SECURITY_KIND as K_ } from '../../flags/security-kinds.ts';
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
function find(env: PatternEnv): void {
  const th = env.thresholds;
  const openings = eventsOfKind(env, K_.opened).sort((a, b) => a[K.epoch] - b[K.epoch]);
  if (openings.length === 0) return;
  const closings = eventsOfKind(env, K_.closed).sort((a, b) => a[K.epoch] - b[K.epoch]);
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
  { find },
);
