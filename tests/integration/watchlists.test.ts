import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from '@app/core';
import { adminWatchlists, loadDefaultLists } from '@app/core/lists/index.ts';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ADMIN_REQUIRED } from '@app/functions/http/errors.ts';
import { queryAllWatchlistEntries } from '@app/functions/services/watchlists/watchlist-items.ts';
import { WATCHLISTS } from '@app/functions/services/watchlists/watchlist-kinds.ts';
import { seedWatchlists } from '@app/functions/services/watchlists/watchlist-seed.ts';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

/** Administrators keep the detection watchlists and thresholds like the high-risk lists (DETECTION.md section 4). */
describe('detection watchlists and thresholds', () => {
  let stack: TestStack;
  let admin: TestClient;
  let user: TestClient;

  signedInStack((s) => ({ stack, admin, user } = s), { admin: true });

  const ids = (res: { json: { entries: { id: string }[] } }) => res.json.entries.map((e) => e.id);

  it('seeds the watchlists from the shipped defaults', async () => {
    const defaults = loadDefaultLists();
    const users = await admin.call('GET', '/watchlists/privileged-users');
    expect(users.status).toBe(200);
    expect(ids(users)).toEqual(defaults.privilegedUsers.map((u) => u.user).sort());
    expect(users.json.entries.find((e: { id: string }) => e.id === 'SAP*')).toMatchObject({ kind: 'standard', addedBy: 'system', active: true });
    expect(users.json.entries.find((e: { id: string }) => e.id === 'FF_*')).toMatchObject({ kind: 'emergency' });
    const profiles = await admin.call('GET', '/watchlists/sensitive-profiles');
    expect(ids(profiles)).toEqual(['SAP_ALL', 'SAP_NEW', 'S_A.ADMIN', 'S_A.CUSTOMIZ', 'S_A.DEVELOP', 'S_A.SYSTEM']);
    expect(profiles.json.entries[0].kind).toBeUndefined();
    const programs = await admin.call('GET', '/watchlists/sensitive-programs?kind=report');
    expect(ids(programs)).toEqual(defaults.sensitivePrograms.filter((p) => p.kind === 'report').map((p) => p.name).sort());
    expect(ids(await admin.call('GET', '/watchlists/sensitive-programs?search=audit'))).toEqual(['RSAUPURG', 'RSAU_CLEAR_AUDIT_LOG']);
    const roles = await admin.call('GET', '/watchlists/sensitive-roles');
    expect(ids(roles)).toEqual(defaults.sensitiveRoles!.map((r) => r.role).sort());
    expect(roles.json.entries.find((e: { id: string }) => e.id === 'Z_FIREFIGHTER*')).toMatchObject({ addedBy: 'system', active: true });
  });

  it("serves every admin list of core's lists table: seeded, added to with an audit entry of its type, exported with its columns", async () => {
    const defaults = loadDefaultLists();
    for (const l of adminWatchlists()) {
      const seeded = await admin.call('GET', `/watchlists/${l.name}`);
      expect(seeded.status, l.name).toBe(200);
      expect(seeded.json.entries.length, l.name).toBe(defaults[l.key]!.length);
      // One of its defaults removed and added again (an ID of the list's own shape, whatever it is).
      const first = l.toRows(defaults[l.key]!)[0]!;
      const id = first.id;
      const kind = l.spec.kinds[0]?.value;
      expect((await admin.call('DELETE', `/watchlists/${l.name}/${encodeURIComponent(id)}`)).status, l.name).toBe(200);
      const added = await admin.call('POST', `/watchlists/${l.name}`, { id, ...(kind ? { kind } : {}), description: 'generic test' });
      expect(added.status, l.name).toBe(201);
      const audit = (await admin.call('GET', `/risk-audit-log?itemId=${encodeURIComponent(id)}`)).json.auditLog;
      expect(audit.slice(0, 2).map((a: { action: string; itemType: string }) => [a.action, a.itemType]), l.name).toEqual([['CREATE', l.item], ['DELETE', l.item]]);
      const exported = await admin.call('GET', `/watchlists/${l.name}/export`);
      expect(exported.json, l.name).toMatchObject({ fileName: l.line.file, count: defaults[l.key]!.length });
      const lines = (await (await fetch(exported.json.url)).text()).split('\r\n');
      expect(lines[0], l.name).toBe(l.line.columns);
      expect(lines, l.name).toContain(kind ? `${id},${kind},generic test` : `${id},generic test`);
      // As it was, for the tests below.
      const restored = await admin.call('PUT', `/watchlists/${l.name}/${encodeURIComponent(id)}`, { ...(first.kind ? { kind: first.kind } : {}), description: first.description });
      expect(restored.status, l.name).toBe(200);
    }
  });

  it('seeds a list added after a system was seeded (its own marker) and leaves the lists seeded before as their administrators left them', async () => {
    const { ddb, config } = stack.services;
    const roles = WATCHLISTS['sensitive-roles'];
    // A system seeded before the sensitive roles existed: their marker and entries absent, an administrator's change to another list.
    expect((await admin.call('PUT', '/watchlists/sensitive-profiles/SAP_NEW', { description: 'changed by an administrator' })).status).toBe(200);
    await ddb.send(new DeleteCommand({ TableName: config.tableName, Key: { pk: 'RISK#META', sk: roles.list.seedMarker } }));
    for (const e of await queryAllWatchlistEntries(stack.services, 'sensitive-roles')) await ddb.send(new DeleteCommand({ TableName: config.tableName, Key: { pk: e.pk, sk: e.sk } }));
    expect(await queryAllWatchlistEntries(stack.services, 'sensitive-roles')).toEqual([]);
    await seedWatchlists(stack.services);
    expect((await queryAllWatchlistEntries(stack.services, 'sensitive-roles')).map((e) => e.id)).toEqual(loadDefaultLists().sensitiveRoles!.map((r) => r.role).sort());
    const profile = (await admin.call('GET', '/watchlists/sensitive-profiles?search=SAP_NEW')).json.entries[0];
    expect(profile).toMatchObject({ id: 'SAP_NEW', description: 'changed by an administrator' });
  });

  it('keeps the sensitive roles like the profiles: add with an audit entry, import with row errors, export', async () => {
    const added = await admin.call('POST', '/watchlists/sensitive-roles', { id: 'z_fi_payments_all', description: 'Every payment authorisation' });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ id: 'Z_FI_PAYMENTS_ALL', addedBy: admin.sub, active: true });
    expect(added.json.kind).toBeUndefined();
    const tooLong = await admin.call('POST', '/watchlists/sensitive-roles', { id: 'Z_'.padEnd(31, 'X') });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.message).toContain('an SAP role name of 1-30 characters');
    const audit = (await admin.call('GET', '/risk-audit-log?itemId=Z_FI_PAYMENTS_ALL')).json.auditLog;
    expect(audit[0]).toMatchObject({ action: 'CREATE', itemType: 'sensitive_role' });
    const imported = await admin.call('POST', '/watchlists/sensitive-roles/import', { csvContent: 'ROLE,DESCRIPTION\nZ_HR_PAYROLL_ADMIN,Payroll administration\nBAD ROLE,x\n' });
    expect(imported.json.imported).toBe(1);
    expect(imported.json.errors).toEqual([expect.stringContaining('Row 3: ROLE "BAD ROLE" is not an SAP role name of 1-30 characters')]);
    const exported = await admin.call('GET', '/watchlists/sensitive-roles/export');
    expect(exported.json).toMatchObject({ fileName: 'sensitive_roles.csv' });
    const lines = (await (await fetch(exported.json.url)).text()).split('\r\n');
    expect(lines[0]).toBe('ROLE,DESCRIPTION');
    expect(lines).toContain('Z_HR_PAYROLL_ADMIN,Payroll administration');
  });

  it('adds, changes, soft-deletes and re-adds an entry, each with an audit entry', async () => {
    const added = await admin.call('POST', '/watchlists/privileged-users', { id: 'zfire_*', kind: 'Emergency', description: 'Our firefighters' });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ id: 'ZFIRE_*', kind: 'emergency', description: 'Our firefighters', addedBy: admin.sub, active: true });
    // Added By names the administrator by e-mail, as the high-risk lists do.
    const listed = (await admin.call('GET', '/watchlists/privileged-users')).json.entries.find((e: { id: string }) => e.id === 'ZFIRE_*');
    expect(listed).toMatchObject({ addedBy: admin.sub, addedByEmail: admin.email });
    const twice = await admin.call('POST', '/watchlists/privileged-users', { id: 'ZFIRE_*', kind: 'emergency' });
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe('User ZFIRE_* is already in the privileged-users watchlist');

    const changed = await admin.call('PUT', '/watchlists/privileged-users/ZFIRE_*', { kind: 'standard' });
    expect(changed.json).toMatchObject({ id: 'ZFIRE_*', kind: 'standard', description: 'Our firefighters', lastModifiedBy: admin.sub });
    expect((await admin.call('DELETE', `/watchlists/privileged-users/${encodeURIComponent('ZFIRE_*')}`)).status).toBe(200);
    expect(ids(await admin.call('GET', '/watchlists/privileged-users'))).not.toContain('ZFIRE_*');
    const again = await admin.call('DELETE', '/watchlists/privileged-users/ZFIRE_*');
    expect(again.status).toBe(404);
    expect(again.json.error.message).toBe('User ZFIRE_* is not in the privileged-users watchlist');
    expect((await admin.call('POST', '/watchlists/privileged-users', { id: 'ZFIRE_*', kind: 'emergency' })).status).toBe(201);

    const audit = (await admin.call('GET', `/risk-audit-log?itemId=${encodeURIComponent('ZFIRE_*')}`)).json.auditLog;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['CREATE', 'DELETE', 'UPDATE', 'CREATE']);
    expect(audit.every((e: { itemType: string }) => e.itemType === 'privileged_user')).toBe(true);
    expect(audit[0].previousValue).toMatchObject({ active: false, kind: 'standard' });
    expect(audit[2]).toMatchObject({ previousValue: { kind: 'emergency' }, newValue: { kind: 'standard' }, userId: admin.sub });
  });

  it('refuses bad input with a message naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/watchlists/privileged-users', { id: 'BAD NAME', kind: 'standard' }, 'id: must be an SAP user ID of 1-12 characters'],
      ['POST', '/watchlists/privileged-users', { id: 'ZZ' }, 'kind is required'],
      ['POST', '/watchlists/privileged-users', { id: 'ZZ', kind: 'admin' }, 'kind: must be one of standard, emergency'],
      ['POST', '/watchlists/privileged-users', { id: '*', kind: 'standard' }, 'id: must be an SAP user ID'],
      ['POST', '/watchlists/sensitive-profiles', { id: 'Z_ALL', kind: 'report' }, 'Unrecognized key'],
      ['POST', '/watchlists/sensitive-programs', { id: 'Z_PROG', kind: 'class' }, 'kind: must be one of report, function_module'],
      ['PUT', '/watchlists/sensitive-profiles/SAP_ALL', { description: 'x'.repeat(256) }, 'description: must be at most 255 characters'],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await admin.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.json.error.message, `${method} ${path}`).toContain(message);
    }
    const unknown = await admin.call('GET', '/watchlists/friends');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe(`Unknown watchlist "friends"; expected one of ${adminWatchlists().map((l) => l.name).join(', ')}`);
    expect(unknown.json.error.message).toContain('expected one of privileged-users, sensitive-profiles, sensitive-roles, sensitive-programs');
  });

  it('imports good rows, names each bad row, and exports what re-imports unchanged', async () => {
    const csv = [
      'NAME,KIND,DESCRIPTION',
      'z_rfc_dump,Function_Module,Dumps tables',
      'ZREPORT_PAY,report,"Pays, quickly"',
      'BAD NAME,report,x',
      'ZNOKIND,,x',
      'Z_RFC_DUMP,report,again',
      "RSAUPURG,report,'=cmd",
    ].join('\r\n');
    const res = await admin.call('POST', '/watchlists/sensitive-programs/import', { csvContent: csv });
    expect(res.status).toBe(200);
    expect(res.json.imported).toBe(3);
    expect(res.json.errors).toEqual([
      'Row 4: NAME "BAD NAME" is not a program or function module name of 1-40 characters (letters, digits, _ / - .), optionally ending in * for a prefix',
      'Row 5: KIND "" must be one of report, function_module',
      'Row 6: Z_RFC_DUMP repeats row 2; only the first is imported',
    ]);
    const list = (await admin.call('GET', '/watchlists/sensitive-programs?search=Z')).json.entries;
    expect(list.find((e: { id: string }) => e.id === 'Z_RFC_DUMP')).toMatchObject({ kind: 'function_module', description: 'Dumps tables' });
    expect(list.find((e: { id: string }) => e.id === 'ZREPORT_PAY')).toMatchObject({ description: 'Pays, quickly' });
    const purg = (await admin.call('GET', '/watchlists/sensitive-programs?search=RSAUPURG')).json.entries[0];
    expect(purg).toMatchObject({ description: '=cmd', addedBy: 'system', lastModifiedBy: admin.sub });
    const audit = (await admin.call('GET', '/risk-audit-log?itemId=RSAUPURG')).json.auditLog;
    expect(audit[0]).toMatchObject({ action: 'IMPORT', itemType: 'sensitive_program', previousValue: { description: 'Deletes security audit log files' } });

    const missingHeader = await admin.call('POST', '/watchlists/privileged-users/import', { csvContent: 'USER,DESCRIPTION\nX,y\n' });
    expect(missingHeader.status).toBe(400);
    expect(missingHeader.json.error.message).toBe('The file\'s header row must name the columns USER and KIND (DESCRIPTION optional); found: USER, DESCRIPTION');

    const exported = await admin.call('GET', '/watchlists/sensitive-programs/export');
    expect(exported.json).toMatchObject({ fileName: 'sensitive_programs.csv', count: loadDefaultLists().sensitivePrograms.length + 2 });
    const text = await (await fetch(exported.json.url)).text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('NAME,KIND,DESCRIPTION');
    expect(lines).toContain("RSAUPURG,report,'=cmd");
    expect(lines).toContain('ZREPORT_PAY,report,"Pays, quickly"');
    const before = (await admin.call('GET', '/watchlists/sensitive-programs')).json.entries;
    const reimport = await admin.call('POST', '/watchlists/sensitive-programs/import', { csvContent: text });
    expect(reimport.json).toEqual({ imported: before.length, errors: [] });
    const after = (await admin.call('GET', '/watchlists/sensitive-programs')).json.entries;
    const strip = (entries: Record<string, unknown>[]) => entries.map(({ id, kind, description }) => ({ id, kind, description }));
    expect(strip(after)).toEqual(strip(before));

    const profiles = await admin.call('GET', '/watchlists/sensitive-profiles/export');
    expect((await (await fetch(profiles.json.url)).text()).split('\r\n').slice(0, 2)).toEqual(['PROFILE,DESCRIPTION', 'SAP_ALL,All authorizations in the system']);
  });

  it('keeps the thresholds: defaults first, validated saves with an audit entry', async () => {
    const initial = await admin.call('GET', '/detection-thresholds');
    expect(initial.json).toMatchObject({ thresholds: DEFAULT_THRESHOLDS, defaults: DEFAULT_THRESHOLDS, isDefault: true });
    const next = {
      ...DEFAULT_THRESHOLDS,
      businessHours: { start: '06:30', end: '20:00', days: [6, 1, 2, 3, 4, 5] },
      changeVolume: 80,
      burst: { count: 3, minutes: 5 },
    };
    const bad: [unknown, string][] = [
      [{ ...next, businessHours: { start: '20:00', end: '06:00', days: [1] } }, 'businessHours.end: start must be before end'],
      [{ ...next, businessHours: { start: '7:00', end: '19:00', days: [1] } }, 'businessHours.start: must be a time HH:MM'],
      [{ ...next, businessHours: { start: '07:00', end: '19:00', days: [1, 8] } }, 'businessHours.days.1: must be at most 7'],
      [{ ...next, changeVolume: 0 }, 'changeVolume: must be at least 1'],
      [{ ...next, burst: { count: 1, minutes: 10 } }, 'burst.count: must be at least 2'],
      [{ ...next, openingHours: 2.5 }, 'openingHours: must be a whole number'],
      [{ ...next, timeZone: 'UTC' }, 'Unrecognized key'],
    ];
    for (const [body, message] of bad) {
      const res = await admin.call('PUT', '/detection-thresholds', body);
      expect(res.status, message).toBe(400);
      expect(res.json.error.message).toContain(message);
    }
    const saved = await admin.call('PUT', '/detection-thresholds', next);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ isDefault: false, lastModifiedBy: admin.sub, thresholds: { ...next, businessHours: { start: '06:30', end: '20:00', days: [1, 2, 3, 4, 5, 6] } } });
    expect((await admin.call('GET', '/detection-thresholds')).json.thresholds).toEqual(saved.json.thresholds);
    const audit = (await admin.call('GET', '/risk-audit-log?itemId=THRESHOLDS')).json.auditLog;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'UPDATE', itemType: 'detection_thresholds', previousValue: DEFAULT_THRESHOLDS, newValue: saved.json.thresholds });
  });

  it('refuses every watchlist and threshold route to a non-admin, and changes nothing', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/watchlists/privileged-users'],
      ['POST', '/watchlists/privileged-users', { id: 'ZHACK', kind: 'standard' }],
      ['PUT', '/watchlists/privileged-users/DDIC', { kind: 'emergency' }],
      ['DELETE', '/watchlists/privileged-users/DDIC'],
      ['POST', '/watchlists/sensitive-profiles/import', { csvContent: 'PROFILE\nZHACK\n' }],
      ['GET', '/watchlists/sensitive-profiles/export'],
      ['GET', '/detection-thresholds'],
      ['PUT', '/detection-thresholds', DEFAULT_THRESHOLDS],
    ];
    const read = async () => [
      (await admin.call('GET', '/watchlists/privileged-users')).json,
      (await admin.call('GET', '/watchlists/sensitive-profiles')).json,
      (await admin.call('GET', '/detection-thresholds')).json,
    ];
    const before = await read();
    for (const [method, path, body] of calls) {
      const res = await user.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error.message).toBe(ADMIN_REQUIRED);
      expect((await user.call(method, path, body, {}, { auth: false })).status, `${method} ${path}`).toBe(401);
    }
    // An admin without the CSRF token is refused as well.
    expect((await admin.call('DELETE', '/watchlists/privileged-users/DDIC', undefined, {}, { csrf: false })).status).toBe(403);
    expect(await read()).toEqual(before);
  });

  it('serves the rule catalogue to any signed-in user', async () => {
    const { RULE_CATALOGUE } = await import('@app/core/rules/index.ts');
    const res = await user.call('GET', '/rules');
    expect(res.status).toBe(200);
    // Every rule, in catalogue order; the pattern rules' texts with the current thresholds (set above; rules-thresholds.test.ts).
    expect(res.json.rules.map((r: { id: string }) => r.id)).toEqual(RULE_CATALOGUE.map((r) => r.id));
    expect(res.json.rules.filter((r: { kind: string }) => r.kind === 'flag')).toEqual(JSON.parse(JSON.stringify(RULE_CATALOGUE.filter((r) => r.kind === 'flag'))));
    expect(res.json.rules.find((r: { id: string }) => r.id === 'SAL-AUDIT-OFF')).toMatchObject({ severity: 'critical', sentinel: 'SAP - Deactivation of Security Audit Log' });
    expect((await user.call('GET', '/rules', undefined, {}, { auth: false })).status).toBe(401);
  });
});
