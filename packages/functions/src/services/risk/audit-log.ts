/**
 * The audit trail of administrators' changes: one item per change under pk `AUDIT`, sorted by
 * `<ISO timestamp>#<auditId>` so the newest entries come first with a reverse Query.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminListItem } from '@app/core/lists/watchlist-table.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';

/** SECURITY: a sign-in event of an administrator's account (local stack, `packages/local/src/security-log.ts`). */
export type AuditAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'IMPORT' | 'APPROVE' | 'REJECT' | 'SECURITY';
export type AuditItemType =
  | 'table'
  | 'tcode'
  | 'access_request'
  | 'master_table'
  | 'master_tcode'
  | 'account'
  /** A watchlist's entry (`privileged_user`, `sensitive_role` …: its `item` in core WATCHLISTS). */
  | AdminListItem
  | 'detection_thresholds';

export interface AuditEntry {
  auditId: string;
  timestamp: string;
  action: AuditAction;
  itemId: string;
  itemType: AuditItemType;
  userId: string;
  previousValue: object | null;
  newValue: object | null;
}

export type AuditInput = Omit<AuditEntry, 'auditId' | 'timestamp'> & { timestamp?: string };

export const AUDIT_LIMIT_DEFAULT = 100;
export const AUDIT_LIMIT_MAX = 1000;

/** Builds the stored item for an audit entry (also used by batch writers). */
export function auditItem(input: AuditInput): AuditEntry & { pk: string; sk: string } {
  const auditId = randomUUID();
  const timestamp = input.timestamp ?? new Date().toISOString();
  return { pk: keys.audit, sk: `${timestamp}#${auditId}`, ...input, auditId, timestamp };
}

export async function writeAudit(services: Services, input: AuditInput): Promise<AuditEntry> {
  const item = auditItem(input);
  await services.ddb.send(new PutCommand({ TableName: services.config.tableName, Item: item }));
  return stripKeys(item);
}

/**
 * Newest first, optionally only one user's or one item's entries. Filters are applied page
 * by page until `limit` entries are found, so a filter never hides entries within the limit.
 */
export async function listAudit(
  services: Services,
  filter: { userId?: string; itemId?: string; limit?: number },
): Promise<AuditEntry[]> {
  const limit = Math.min(Math.max(filter.limit ?? AUDIT_LIMIT_DEFAULT, 1), AUDIT_LIMIT_MAX);
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':pk': keys.audit };
  if (filter.userId) {
    conditions.push('userId = :userId');
    values[':userId'] = filter.userId;
  }
  if (filter.itemId) {
    conditions.push('itemId = :itemId');
    values[':itemId'] = filter.itemId;
  }
  const out: AuditEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await services.ddb.send(
      new QueryCommand({
        TableName: services.config.tableName,
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: conditions.length ? conditions.join(' AND ') : undefined,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: conditions.length ? 500 : limit - out.length,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      out.push(stripKeys(item as AuditEntry & { pk: string; sk: string }));
      if (out.length >= limit) return out;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}

function stripKeys(item: AuditEntry & { pk: string; sk: string }): AuditEntry {
  const { pk: _pk, sk: _sk, ...entry } = item;
  return entry;
}
