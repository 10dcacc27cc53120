import { describe, expect, it } from 'vitest';
import { decodeFacts, encodeFacts, docKey, emptyDocColumns, type FileFacts } from '../facts/index.ts';
import { correlateFacts } from './correlate-facts.ts';
import { HeaderIndex } from './header-index.ts';

function facts(fileType: FileFacts['fileType'], extra: Partial<FileFacts>): FileFacts {
  return {
    index: 0, fileName: `${fileType}.csv`, fileType, columns: [], canonical: {}, joined: false, records: 0,
    volume: { documents: [], events: [] }, sm20Changes: { users: [], times: [], events: [], tcodes: [], flagged: [] },
    debuggerChanges: [], tableChanges: [], failedLogons: [], securityEvents: [], logons: [], userAdmin: [], docs: emptyDocColumns(),
    itemKeys: [], sensitiveItemKeys: [], afterHoursSensitive: [], tickets: [], ...extra,
  };
}

describe('item headers (what the report step reads instead of all headers)', () => {
  it('answer every CDPOS item key as the full header index does, with the full header count', () => {
    const docs = emptyDocColumns();
    const rows: [string, string, string, string, string][] = [['KRED', '1', '0001', 'BOB', '07:00:00'], ['DEBI', '2', '0001', 'EVE', '08:00:00'], ['KRED', '1', '0001', 'CAROL', '09:00:00'], ['KRED', '3', '0003', 'MIKE', '10:00:00']];
    for (const [cls, id, nr, user, time] of rows) {
      docs.classes.push(cls);
      docs.ids.push(id);
      docs.changenrs.push(nr);
      docs.users.push(user);
      docs.dates.push('2026-11-18');
      docs.times.push(time);
      docs.tcodes.push('FB02');
      docs.flagged.push(0);
    }
    const cdhdr = facts('CDHDR', { docs, records: 4 });
    const keys = [docKey('KRED', '1', '0001'), docKey('DEBI', '2', '0001'), docKey('KRED', '9', '0009')];
    const cdpos = facts('CDPOS', { itemKeys: keys.map((k) => [k, 2]), records: 6 });
    const result = correlateFacts([cdhdr, cdpos], () => undefined);
    const stored = decodeFacts<{ distinct: number; docs: unknown }>(Buffer.concat(encodeFacts(result.itemHeaders!)), new Set(), 'compact');
    const items = new HeaderIndex([{ fileType: 'CDHDR', joined: false, docs: stored.docs as FileFacts['docs'] }], stored.distinct);
    const all = new HeaderIndex([cdhdr]);
    expect(items.size).toBe(all.size);
    expect(items.size).toBe(3);
    for (const k of keys) {
      const [a, b] = [items.findKey(k), all.findKey(k)];
      expect(a < 0).toBe(b < 0);
      if (b >= 0) expect([items.user(a), items.date(a), items.time(a), items.tcode(a)]).toEqual([all.user(b), all.date(b), all.time(b), all.tcode(b)]);
    }
    expect(items.user(items.find('KRED', '1', '0001'))).toBe('CAROL');
    expect(result.summary['CDHDR ↔ CDPOS']).toEqual({ headers: 3, items: 6, 'items with header': 4, 'items without header': 2 });
  });

  it('keep each header once, first seen first, when a header key comes again in a later run of items', () => {
    const docs = emptyDocColumns();
    for (const [id, user] of [['1', 'BOB'], ['2', 'EVE']]) {
      docs.classes.push('KRED');
      docs.ids.push(id!);
      docs.changenrs.push('0001');
      docs.users.push(user!);
      docs.dates.push('2026-11-18');
      docs.times.push('08:00:00');
      docs.tcodes.push('FK02');
      docs.flagged.push(0);
    }
    const cdhdr = facts('CDHDR', { docs, records: 2 });
    const [k2, k1] = [docKey('KRED', '2', '0001'), docKey('KRED', '1', '0001')];
    const cdpos = facts('CDPOS', { itemKeys: [[k2, 1], [k1, 2], [k2, 3]], records: 6 });
    const result = correlateFacts([cdhdr, cdpos], () => undefined);
    const stored = decodeFacts<{ distinct: number; docs: FileFacts['docs'] }>(Buffer.concat(encodeFacts(result.itemHeaders!)), new Set(), 'plain');
    expect(stored.docs.users).toEqual(['EVE', 'BOB']);
    expect(result.summary['CDHDR ↔ CDPOS']).toEqual({ headers: 2, items: 6, 'items with header': 6, 'items without header': 0 });
  });
});
