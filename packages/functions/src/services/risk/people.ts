/**
 * Who is who in the administrators' screens: the e-mail of each user sub that changed a list,
 * remembered when an administrator calls a risk route, so Added By and the audit log name people
 * by e-mail instead of an opaque ID. Subs without a remembered e-mail ('system', old entries) stay IDs.
 */
import { BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Services } from '../types.ts';

export const PEOPLE_PK = 'PEOPLE';

/** Records the caller's e-mail under its sub (idempotent; the latest e-mail wins). */
export async function rememberPerson(services: Services, caller: { sub: string; email: string }): Promise<void> {
  if (!caller.sub || !caller.email) return;
  await services.ddb.send(new PutCommand({ TableName: services.config.tableName, Item: { pk: PEOPLE_PK, sk: caller.sub, email: caller.email } }));
}

/** E-mails of the given subs (BatchGet, 100 keys per call); unknown subs are absent. */
export async function emailsBySub(services: Services, subs: Iterable<string | undefined>): Promise<Map<string, string>> {
  const table = services.config.tableName;
  const unique = [...new Set([...subs].filter((s): s is string => Boolean(s) && s !== 'system'))];
  const found = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((sk) => ({ pk: PEOPLE_PK, sk }));
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('People lookup kept returning unprocessed keys');
      if (attempt > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      const res = await services.ddb.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
      for (const item of res.Responses?.[table] ?? []) if (typeof item.email === 'string') found.set(String(item.sk), item.email);
      pending = res.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}

/** Adds `addedByEmail` and `lastModifiedByEmail` to list items where the e-mail is known. */
export async function withItemEmails<T extends { addedBy?: string; lastModifiedBy?: string }>(services: Services, items: T[]): Promise<(T & { addedByEmail?: string; lastModifiedByEmail?: string })[]> {
  const emails = await emailsBySub(services, items.flatMap((i) => [i.addedBy, i.lastModifiedBy]));
  return items.map((i) => ({
    ...i,
    ...(i.addedBy && emails.has(i.addedBy) ? { addedByEmail: emails.get(i.addedBy) } : {}),
    ...(i.lastModifiedBy && emails.has(i.lastModifiedBy) ? { lastModifiedByEmail: emails.get(i.lastModifiedBy) } : {}),
  }));
}

/** Fields of an audited value that hold the sub of a person who acted. */
export const PERSON_FIELDS = ['addedBy', 'lastModifiedBy', 'reviewedBy', 'approvedBy', 'rejectedBy'] as const;

type AuditValue = object | null | undefined;

function personSubs(value: AuditValue): string[] {
  if (!value) return [];
  return PERSON_FIELDS.map((f) => (value as Record<string, unknown>)[f]).filter((v): v is string => typeof v === 'string' && v !== '');
}

/**
 * Adds `userEmail` to audit entries where the e-mail is known, and `people` (sub -> e-mail) for the
 * subs their values name (addedBy, lastModifiedBy, reviewedBy, …), so the log shows who by e-mail.
 */
export async function withAuditEmails<T extends { userId: string; previousValue?: AuditValue; newValue?: AuditValue }>(
  services: Services,
  entries: T[],
): Promise<(T & { userEmail?: string; people?: Record<string, string> })[]> {
  const emails = await emailsBySub(services, entries.flatMap((e) => [e.userId, ...personSubs(e.previousValue), ...personSubs(e.newValue)]));
  return entries.map((e) => {
    const named = [...personSubs(e.previousValue), ...personSubs(e.newValue)].filter((s) => emails.has(s));
    return {
      ...e,
      ...(emails.has(e.userId) ? { userEmail: emails.get(e.userId) } : {}),
      ...(named.length > 0 ? { people: Object.fromEntries(named.map((s) => [s, emails.get(s)!])) } : {}),
    };
  });
}
