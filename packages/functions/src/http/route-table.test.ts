import { describe, expect, it } from 'vitest';
import { RouteTable } from './route-table.ts';

const handler = async () => ({ status: 200 });

function table() {
  const t = new RouteTable();
  t.add('GET', '/risk-tables', { access: 'admin' }, handler);
  t.add('GET', '/risk-tables/{tableId}', { access: 'admin' }, handler);
  t.add('DELETE', '/risk-tables/{tableId}', { access: 'admin' }, handler);
  t.add('GET', '/risk-tables/export', { access: 'admin' }, handler);
  return t;
}

describe('RouteTable', () => {
  it('extracts decoded path parameters', () => {
    const m = table().match('DELETE', '/risk-tables/T%2F001');
    expect(m.kind).toBe('found');
    if (m.kind === 'found') {
      expect(m.entry.pattern).toBe('/risk-tables/{tableId}');
      expect(m.params).toEqual({ tableId: 'T/001' });
    }
  });

  it('prefers literal segments over parameters', () => {
    const m = table().match('GET', '/risk-tables/export');
    expect(m.kind === 'found' && m.entry.pattern).toBe('/risk-tables/export');
  });

  it('tolerates a trailing slash and is case-insensitive on the method', () => {
    const m = table().match('get', '/risk-tables/');
    expect(m.kind === 'found' && m.entry.pattern).toBe('/risk-tables');
  });

  it('tells a wrong method apart from an unknown path', () => {
    expect(table().match('POST', '/risk-tables/X')).toEqual({ kind: 'wrong-method', allowed: ['DELETE', 'GET'] });
    expect(table().match('GET', '/nothing-here')).toEqual({ kind: 'not-found' });
    expect(table().match('GET', '/risk-tables/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });

  it('refuses the same route twice', () => {
    const t = table();
    expect(() => t.add('GET', '/risk-tables', { access: 'admin' }, handler)).toThrow('registered twice');
  });
});
