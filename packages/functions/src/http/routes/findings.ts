/**
 * Review of an analysis's findings (issue 17): list, one finding with its evidence and audit
 * trail, triage one or many, the workbook, and a user's timeline. The analysis is looked up under the caller's sub, so another
 * user's analysis, finding or review is a 404.
 */
import {
  bulkReviewBodySchema,
  exportFindings,
  exportQuerySchema,
  getTimeline,
  timelineQuerySchema,
  findingsQuerySchema,
  loadAnalysisFindings,
  loadTrail,
  queryFindings,
  requireFinding,
  reviewBodySchema,
  reviewFindings,
} from '../../services/review/index.ts';
import type { RouteRegistrar } from '../types.ts';

export function registerFindingRoutes(r: RouteRegistrar): void {
  r.route('GET', '/results/{id}/findings', { access: 'user' }, async ({ caller, params, req, services }) => {
    const query = findingsQuerySchema.parse(req.query);
    const all = await loadAnalysisFindings(services, caller.sub, params.id!);
    return { status: 200, body: queryFindings(all, query) };
  });

  r.route('GET', '/results/{id}/findings/export', { access: 'user' }, async ({ caller, params, req, services }) => {
    const { format } = exportQuerySchema.parse(req.query);
    return { status: 200, body: await exportFindings(services, caller.sub, params.id!, format) };
  });

  r.route('GET', '/results/{id}/timeline', { access: 'user' }, async ({ caller, params, req, services }) => {
    const query = timelineQuerySchema.parse(req.query);
    return { status: 200, body: await getTimeline(services, caller.sub, params.id!, query) };
  });

  r.route('GET', '/results/{id}/findings/{findingId}', { access: 'user' }, async ({ caller, params, services }) => {
    const all = await loadAnalysisFindings(services, caller.sub, params.id!);
    const { finding, view } = requireFinding(all, params.findingId!);
    const trail = await loadTrail(services, caller.sub, params.id!, finding.findingId);
    return { status: 200, body: { finding: view, evidence: finding.evidence, trail } };
  });

  r.route('PUT', '/results/{id}/findings/{findingId}/review', { access: 'user' }, async ({ caller, params, body, services }) => {
    const review = reviewBodySchema.parse(body ?? {});
    const [finding] = await reviewFindings(services, caller, params.id!, [params.findingId!], review);
    return { status: 200, body: { finding } };
  });

  r.route('PUT', '/results/{id}/findings/review', { access: 'user' }, async ({ caller, params, body, services }) => {
    const review = bulkReviewBodySchema.parse(body ?? {});
    const findings = await reviewFindings(services, caller, params.id!, review.findingIds, review);
    return { status: 200, body: { updated: findings.length, findings } };
  });
}
