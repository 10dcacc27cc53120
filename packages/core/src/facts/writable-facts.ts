import { activityBytes } from './activity-bytes.ts';
import type { CollectedFacts, CollectedSm20Activities } from './collected-facts.ts';
import { RowColumns, StrListColumn } from './facts-codec.ts';

/** What writeFacts writes for collected facts: the facts file reads back as FileFacts. */
export function writableFacts(f: CollectedFacts): object {
  const a = f.afterHoursSensitive;
  const d = f.volume.documents;
  const volume = { documents: new RowColumns(d.keys.length, [d.keys, new StrListColumn(d.lens, d.numbers)]), events: f.volume.events };
  const itemKeys = new RowColumns(f.itemKeys.keys.length, [f.itemKeys.keys, f.itemKeys.counts]);
  const sensitiveItemKeys = new RowColumns(f.sensitiveItemKeys.keys.length, [f.sensitiveItemKeys.keys, f.sensitiveItemKeys.details]);
  const t = f.tickets;
  const tickets = new RowColumns(t.ids.length, [t.ids, new StrListColumn(t.userCounts.column(), t.users), t.texts, t.starts, t.ends]);
  const activities = (c: CollectedSm20Activities) => new RowColumns(c.users.length, [c.users, c.times, c.activities]);
  const logons = new RowColumns(f.failedLogons.users.length, [f.failedLogons.users, f.failedLogons.terminals, f.failedLogons.times, f.failedLogons.peers]);
  const s = f.securityEvents;
  const securityEvents = new RowColumns(s.kinds.length, [s.kinds, s.users, s.targets, s.terminals, s.peers, s.times, s.activities, s.keys]);
  const l = f.logons;
  const successfulLogons = new RowColumns(l.users.length, [l.users, l.terminals, l.times, l.peers]);
  const u = f.userAdmin;
  const userAdmin = new RowColumns(u.users.length, [u.users, u.targets, u.times, u.activities]);
  // A spread copy of `f` would share the live facts' hidden class, and its columns in place of the
  // builders would make V8 drop the step-1 code that reads those fields (see facts-transfer.ts): an
  // object without a prototype has a class of its own (writeFacts reads only its entries).
  return Object.assign(Object.create(null) as object, f, {
    volume, afterHoursSensitive: new RowColumns(a.users.length, [a.users, a.times, activityBytes(a, f.docs)]), tickets, itemKeys, sensitiveItemKeys,
    debuggerChanges: activities(f.debuggerChanges), tableChanges: activities(f.tableChanges), failedLogons: logons, securityEvents, logons: successfulLogons, userAdmin,
  });
}
