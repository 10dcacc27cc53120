/**
 * Access requests: stored on submission (public), listed, approved (the user is invited through
 * the identity service) or rejected by an administrator. Status moves only from `pending`, by a
 * conditional write, so a request is approved (and its user invited) at most once.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { VisibleError } from '../../http/errors.ts';
import { queryAll } from '../db.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { writeAudit } from '../risk/audit-log.ts';
import type { AccessRequestInput } from './access-request-schema.ts';

export type AccessRequestStatus = 'pending' | 'approved' | 'rejected';

export interface AccessRequest extends AccessRequestInput {
  requestId: string;
  status: AccessRequestStatus;
  createdAt: string;
  reviewedAt?: string;
  reviewedBy?: string;
  rejectionReason?: string;
}

export async function createAccessRequest(services: Services, input: AccessRequestInput): Promise<AccessRequest> {
  const request: AccessRequest = {
    ...input,
    requestId: randomUUID(),
    status: 'pending',
    createdAt: new Date().toISOString(),
  };
  await services.ddb.send(
    new PutCommand({
      TableName: services.config.tableName,
      Item: { pk: keys.accessRequest, sk: request.requestId, ...request },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return request;
}

/** Newest first; `status` filters (e.g. only pending). */
export async function listAccessRequests(services: Services, status?: AccessRequestStatus): Promise<AccessRequest[]> {
  const items = await queryAll(services.ddb, {
    TableName: services.config.tableName,
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: status ? '#s = :status' : undefined,
    ExpressionAttributeNames: status ? { '#s': 'status' } : undefined,
    ExpressionAttributeValues: status ? { ':pk': keys.accessRequest, ':status': status } : { ':pk': keys.accessRequest },
  });
  const out = items.map(stripKeys);
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function getAccessRequest(services: Services, requestId: string): Promise<AccessRequest> {
  const res = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.accessRequest, sk: requestId }, ConsistentRead: true }),
  );
  if (!res.Item) throw new VisibleError('NOT_FOUND', `Access request ${requestId} not found`);
  return stripKeys(res.Item);
}

/**
 * Marks the request approved, then invites the user. If the invitation fails the request goes
 * back to pending, so the administrator can retry.
 */
export async function approveAccessRequest(services: Services, requestId: string, adminSub: string): Promise<AccessRequest> {
  const before = await getAccessRequest(services, requestId);
  const approved = await moveFromPending(services, before, 'approved', adminSub);
  try {
    await services.identity.inviteUser({ email: before.email, firstName: before.firstName, lastName: before.lastName });
  } catch (e) {
    await services.ddb.send(
      new UpdateCommand({
        TableName: services.config.tableName,
        Key: { pk: keys.accessRequest, sk: requestId },
        UpdateExpression: 'SET #s = :pending REMOVE reviewedAt, reviewedBy',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    );
    throw e;
  }
  await writeAudit(services, {
    action: 'APPROVE',
    itemId: requestId,
    itemType: 'access_request',
    userId: adminSub,
    previousValue: { status: before.status, email: before.email },
    newValue: { status: 'approved', email: before.email },
  });
  return approved;
}

export async function rejectAccessRequest(
  services: Services,
  requestId: string,
  adminSub: string,
  reason?: string,
): Promise<AccessRequest> {
  const before = await getAccessRequest(services, requestId);
  const rejected = await moveFromPending(services, before, 'rejected', adminSub, reason);
  await writeAudit(services, {
    action: 'REJECT',
    itemId: requestId,
    itemType: 'access_request',
    userId: adminSub,
    previousValue: { status: before.status, email: before.email },
    newValue: { status: 'rejected', email: before.email, ...(reason ? { reason } : {}) },
  });
  return rejected;
}

async function moveFromPending(
  services: Services,
  request: AccessRequest,
  status: 'approved' | 'rejected',
  adminSub: string,
  reason?: string,
): Promise<AccessRequest> {
  if (request.status !== 'pending') {
    throw new VisibleError('CONFLICT', `Access request ${request.requestId} was already ${request.status}`);
  }
  const reviewedAt = new Date().toISOString();
  try {
    await services.ddb.send(
      new UpdateCommand({
        TableName: services.config.tableName,
        Key: { pk: keys.accessRequest, sk: request.requestId },
        UpdateExpression: reason
          ? 'SET #s = :status, reviewedAt = :at, reviewedBy = :by, rejectionReason = :reason'
          : 'SET #s = :status, reviewedAt = :at, reviewedBy = :by',
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          ':at': reviewedAt,
          ':by': adminSub,
          ':pending': 'pending',
          ...(reason ? { ':reason': reason } : {}),
        },
      }),
    );
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') {
      const now = await getAccessRequest(services, request.requestId);
      throw new VisibleError('CONFLICT', `Access request ${request.requestId} was already ${now.status}`);
    }
    throw e;
  }
  return { ...request, status, reviewedAt, reviewedBy: adminSub, ...(reason ? { rejectionReason: reason } : {}) };
}

function stripKeys(item: Record<string, unknown>): AccessRequest {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as AccessRequest;
}
