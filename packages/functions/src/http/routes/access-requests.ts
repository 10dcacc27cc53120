/**
 * Access requests: the public request-access form and the administrators' review of it.
 * The public POST is rate-limited per client address (in memory, per process; see rate-limit.ts).
 */
import { z } from 'zod';
import type { ApiRequest, RouteContext, RouteRegistrar } from '../types.ts';
import type { Services } from '../../services/types.ts';
import { accessRequestSchema, rejectSchema } from '../../services/access/access-request-schema.ts';
import {
  approveAccessRequest,
  createAccessRequest,
  listAccessRequests,
  rejectAccessRequest,
} from '../../services/access/access-requests.ts';
import { createRateLimiter, type RateLimiter } from '../../services/access/rate-limit.ts';

/** Submissions (valid or not) per client address per window. */
export const REQUEST_ACCESS_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };
export const RATE_LIMITED_MESSAGE = 'Too many access requests from your address; please try again in a few minutes';

const statusQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected'], { message: "must be 'pending', 'approved' or 'rejected'" }).optional(),
});
const requestIdSchema = z.string().regex(/^[0-9a-f-]{36}$/i, 'must be a request ID');

// One limiter per services container, so each stack (and each test stack) counts on its own.
const limiters = new WeakMap<Services, RateLimiter>();

function limiterFor(services: Services): RateLimiter {
  let limiter = limiters.get(services);
  if (!limiter) {
    limiter = createRateLimiter(REQUEST_ACCESS_LIMIT);
    limiters.set(services, limiter);
  }
  return limiter;
}

/** The client address: what the transport saw, else the last X-Forwarded-For hop (added by our proxy, not the client). */
function clientAddress(req: ApiRequest): string {
  if (req.sourceIp) return req.sourceIp;
  const hops = req.headers['x-forwarded-for']?.split(',').map((h) => h.trim()).filter(Boolean);
  return hops?.at(-1) ?? 'unknown';
}

export function registerAccessRequestRoutes(r: RouteRegistrar): void {
  r.route('POST', '/request-access', { access: 'public' }, async ({ services, req, body }: RouteContext) => {
    if (!limiterFor(services).tryAcquire(clientAddress(req))) {
      return { status: 429, headers: { 'retry-after': '600' }, body: { error: { code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE } } };
    }
    const input = accessRequestSchema.parse(body ?? {});
    const request = await createAccessRequest(services, input);
    services.log.info('Access request received', { requestId: request.requestId });
    return {
      status: 201,
      body: { message: 'Your request has been submitted. An administrator will review it.', requestId: request.requestId },
    };
  });

  r.route('GET', '/access-requests', { access: 'admin' }, async ({ services, req }) => {
    const { status } = statusQuerySchema.parse({ status: req.query.status || undefined });
    return { status: 200, body: { requests: await listAccessRequests(services, status) } };
  });

  r.route('POST', '/access-requests/{id}/approve', { access: 'admin' }, async ({ services, caller, params }: RouteContext) => {
    const id = requestIdSchema.parse(params.id);
    const request = await approveAccessRequest(services, id, caller.sub);
    return { status: 200, body: { message: `Access approved; an invitation was sent to ${request.email}`, request } };
  });

  r.route('POST', '/access-requests/{id}/reject', { access: 'admin' }, async ({ services, caller, params, body }: RouteContext) => {
    const id = requestIdSchema.parse(params.id);
    const { reason } = rejectSchema.parse(body);
    const request = await rejectAccessRequest(services, id, caller.sub, reason || undefined);
    return { status: 200, body: { message: 'Access request rejected', request } };
  });
}
