/**
 * Storage steps shared by the lists administrators keep (high-risk lists, watchlists): one
 * partition per list, strongly consistent reads (a screen refetches right after a change, and an
 * analysis starting just after an edit must see it), and conditional writes instead of
 * transactions, which dynalite lacks.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { VisibleError } from '../../http/errors.ts';
import { queryAll } from '../db.ts';
import type { Services } from '../types.ts';

/** Every item of one list partition, in sort-key (ID) order. */
export function queryListPartition<T>(services: Services, pk: string): Promise<T[]> {
  return queryAll<T>(services.ddb, {
    TableName: services.config.tableName,
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
  });
}

export async function getListItem<T>(services: Services, pk: string, sk: string): Promise<T | undefined> {
  const res = await services.ddb.send(new GetCommand({ TableName: services.config.tableName, Key: { pk, sk }, ConsistentRead: true }));
  return res.Item as T | undefined;
}

/** Writes `item` if `condition` holds; a failed condition is a 409 with `conflictMessage`. */
export async function putConditionally(
  services: Services,
  item: object,
  condition: string,
  values: Record<string, unknown> | undefined,
  conflictMessage: string,
): Promise<void> {
  try {
    await services.ddb.send(
      new PutCommand({ TableName: services.config.tableName, Item: item, ConditionExpression: condition, ExpressionAttributeValues: values }),
    );
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') throw new VisibleError('CONFLICT', conflictMessage);
    throw e;
  }
}

/**
 * The lists' search rule: the ID contains the upper-cased query, or the description contains it
 * with case ignored; an empty query matches everything.
 */
export function matchesListSearch(id: string, description: string, search: string | undefined): boolean {
  const query = search?.trim() ?? '';
  return !query || id.includes(query.toUpperCase()) || description.toLowerCase().includes(query.toLowerCase());
}
