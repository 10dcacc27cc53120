/**
 * The analysis item (single table, `USER#<sub>` / `ANALYSIS#<id>`). Every read is keyed by the
 * caller's sub, so another user's analysis is simply "not found".
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AnalysisSummary, DashboardTotals, FileType, HolidayCalendar, RiskLevel } from '@app/core';
import type { ListVersions } from '../risk/active-lists.ts';
import type { Services } from '../types.ts';
import { queryAll } from '../db.ts';
import { keys } from '../keys.ts';

export type AnalysisStatus = 'processing' | 'completed' | 'failed';

export interface AnalysisItem {
  pk: string;
  sk: string;
  analysisId: string;
  userSub: string;
  status: AnalysisStatus;
  createdAt: string;
  analysisType: 'single' | 'multi';
  correlateFiles: boolean;
  fileIds: string[];
  fileNames: string[];
  /** The single file's name, or the names joined for a multi-file analysis. */
  fileName: string;
  /** Known once parsed (empty while processing). */
  fileTypes: FileType[];
  /** Versions of the admin lists the analysis used (reproducibility after list edits). */
  listVersions: ListVersions | { tcodes: string; tables: string };
  holidayCalendar: HolidayCalendar;
  /** IANA time zone the analysis ran in (absent on analyses from before the setting). */
  timeZone?: string;
  aiEnabled: boolean;
  aiSettings?: Record<string, unknown>;
  completedAt?: string;
  failedAt?: string;
  error?: string;
  summary?: AnalysisSummary;
  totalRecords?: number;
  risk?: RiskLevel;
  dashboard?: DashboardTotals;
  outputs?: { xlsx: string; csv: string; report: string };
  /**
   * Set first when the analysis is deleted (DELETE /results/{id}); its objects and items are then
   * removed and the item last. An item with it is never listed or shown, and a retry (or a
   * restart of the local stack, or a later listing) finishes the work.
   */
  deletingAt?: string;
}

const ANALYSIS_PREFIX = keys.analysis('');

function itemKey(userSub: string, analysisId: string) {
  return { pk: keys.user(userSub), sk: keys.analysis(analysisId) };
}

export async function putAnalysis(services: Services, item: Omit<AnalysisItem, 'pk' | 'sk'>): Promise<void> {
  const Item: AnalysisItem = { ...itemKey(item.userSub, item.analysisId), ...item };
  await services.ddb.send(new PutCommand({ TableName: services.config.tableName, Item }));
}

export async function getAnalysis(services: Services, userSub: string, analysisId: string): Promise<AnalysisItem | undefined> {
  const out = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: itemKey(userSub, analysisId), ConsistentRead: true }),
  );
  return out.Item as AnalysisItem | undefined;
}

/** All of a user's analysis items, being deleted included, newest first. */
export async function queryAnalyses(services: Services, userSub: string): Promise<AnalysisItem[]> {
  const items = await queryAll<AnalysisItem>(services.ddb, {
    TableName: services.config.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': keys.user(userSub), ':sk': ANALYSIS_PREFIX },
  });
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** A user's analyses, newest first; one being deleted is not among them. */
export async function listAnalyses(services: Services, userSub: string): Promise<AnalysisItem[]> {
  return (await queryAnalyses(services, userSub)).filter((i) => !i.deletingAt);
}

/**
 * Marks the analysis as being deleted (kept if already marked); false when the item is gone.
 * Conditional, so it never makes an item again that another request removed.
 */
export async function markDeleting(services: Services, userSub: string, analysisId: string): Promise<boolean> {
  try {
    await services.ddb.send(
      new UpdateCommand({
        TableName: services.config.tableName,
        Key: itemKey(userSub, analysisId),
        UpdateExpression: 'SET deletingAt = if_not_exists(deletingAt, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/**
 * Sets attributes of an existing item; returns false when the item is gone or being deleted
 * (deleted while the pipeline ran), so a late step never resurrects a deleted analysis.
 */
export async function updateAnalysis(
  services: Services,
  userSub: string,
  analysisId: string,
  changes: Partial<Omit<AnalysisItem, 'pk' | 'sk' | 'analysisId' | 'userSub'>>,
): Promise<boolean> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return true;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = entries.map(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:v${i}`] = v;
    return `#a${i} = :v${i}`;
  });
  try {
    await services.ddb.send(
      new UpdateCommand({
        TableName: services.config.tableName,
        Key: itemKey(userSub, analysisId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletingAt)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

export async function deleteAnalysisItem(services: Services, userSub: string, analysisId: string): Promise<void> {
  await services.ddb.send(new DeleteCommand({ TableName: services.config.tableName, Key: itemKey(userSub, analysisId) }));
}
