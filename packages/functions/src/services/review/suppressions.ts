/** GET/POST/PUT/DELETE /suppressions: list, create, edit or expire, soft delete. */
import { z } from 'zod';
import type { Caller } from '../../http/types.ts';
import type { Services } from '../types.ts';
import { expirySchema, futureExpirySchema } from './expiry.ts';
import {
  createSuppression,
  listSuppressions,
  suppressionState,
  toSuppressionView,
  updateSuppression,
  type SuppressionItem,
} from './suppression-store.ts';

const sapId = (what: string, max: number) => z.string().trim().min(1, `${what} is required`).max(max, `${what} may be at most ${max} characters`);

export const createSuppressionSchema = z.object({
  rule: sapId('rule', 80).regex(/^[A-Z0-9][A-Z0-9-]*$/i, 'rule must be a rule id such as PAT-BRUTE-FORCE-SUCCESS'),
  user: sapId('user', 80),
  object: z.string().trim().max(200).optional(),
  terminal: z.string().trim().max(80).optional(),
  reason: sapId('reason', 1000),
  expiresAt: futureExpirySchema,
});

export const updateSuppressionSchema = z
  .object({
    reason: sapId('reason', 1000).optional(),
    object: z.string().trim().max(200).nullable().optional(),
    terminal: z.string().trim().max(80).nullable().optional(),
    /** Any date: one in the past (or `expire: true`) ends the suppression now. */
    expiresAt: expirySchema.optional(),
    expire: z.literal(true).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change: send reason, object, terminal, expiresAt or expire')
  .refine((b) => !(b.expire && b.expiresAt), 'Send either expiresAt or expire, not both');

export const suppressionListQuerySchema = z.object({ state: z.enum(['active', 'expired', 'deleted', 'all']).default('all') });

export async function listSuppressionViews(services: Services, userSub: string, state: 'active' | 'expired' | 'deleted' | 'all') {
  const now = new Date();
  const all = (await listSuppressions(services, userSub)).map((s) => toSuppressionView(s, now));
  const counts = { active: 0, expired: 0, deleted: 0 };
  for (const s of all) counts[s.state]++;
  return { suppressions: state === 'all' ? all : all.filter((s) => s.state === state), counts };
}

export async function addSuppression(services: Services, caller: Caller, body: z.infer<typeof createSuppressionSchema>) {
  const item = await createSuppression(services, caller.sub, caller.email, { ...body, rule: body.rule.toUpperCase() });
  return toSuppressionView(item);
}

export async function editSuppression(services: Services, caller: Caller, suppressionId: string, body: z.infer<typeof updateSuppressionSchema>) {
  const next = await updateSuppression(services, caller.sub, suppressionId, (s) => {
    const now = new Date().toISOString();
    const changes: Record<string, unknown> = {};
    if (body.reason !== undefined) changes.reason = body.reason;
    if (body.object !== undefined) changes.object = body.object || undefined;
    if (body.terminal !== undefined) changes.terminal = body.terminal || undefined;
    if (body.expire) changes.expiresAt = now;
    else if (body.expiresAt !== undefined) changes.expiresAt = body.expiresAt;
    const edited: SuppressionItem = { ...s, ...changes, updatedAt: now } as SuppressionItem;
    for (const k of ['object', 'terminal'] as const) if (!edited[k]) delete edited[k];
    const action = suppressionState(edited) === 'expired' && suppressionState(s) === 'active' ? 'expired' : 'edited';
    edited.history = [...s.history, { at: now, by: caller.email, action, changes }];
    return edited;
  });
  return toSuppressionView(next);
}

/**
 * Soft delete: the item stays (analyses that applied it still name it), marked deleted. The write
 * is conditional on the version read, so an edit racing it is applied first or refused after.
 */
export async function deleteSuppression(services: Services, caller: Caller, suppressionId: string) {
  const next = await updateSuppression(services, caller.sub, suppressionId, (s) => {
    const now = new Date().toISOString();
    return { ...s, deletedAt: now, deletedBy: caller.email, updatedAt: now, history: [...s.history, { at: now, by: caller.email, action: 'deleted' }] };
  });
  return toSuppressionView(next);
}
