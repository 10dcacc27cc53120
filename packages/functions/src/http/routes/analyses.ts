/**
 * Spec section 7, analyses: POST /analyze, GET /results, GET /results/{id} (also the status
 * poll), GET /results/{id}/patterns (every pattern, by page), DELETE /results/{id}, POST /flag-details. Every read is scoped to the caller's sub.
 */
import {
  analyzeRequestSchema,
  deleteAnalysis,
  flagDetailsRequestSchema,
  getFlagDetails,
  requireAnalysis,
  startAnalysis,
  toListItem,
  toResult,
} from '../../services/analyses/index.ts';
import { parseAnalysisPathId } from '../../services/analyses/analysis-id.ts';
import { listAnalysesFinishingDeletions } from '../../services/analyses/delete-analysis.ts';
import { getPatternPage, patternsQuerySchema } from '../../services/analyses/pattern-pages.ts';
import type { RouteRegistrar } from '../types.ts';

export function registerAnalysisRoutes(r: RouteRegistrar): void {
  r.route('POST', '/analyze', { access: 'user' }, async ({ caller, body, services }) => {
    const request = analyzeRequestSchema.parse(body ?? {});
    return { status: 200, body: await startAnalysis(services, caller.sub, request) };
  });

  r.route('GET', '/results', { access: 'user' }, async ({ caller, services }) => {
    const items = await listAnalysesFinishingDeletions(services, caller.sub);
    return { status: 200, body: { analyses: items.map(toListItem) } };
  });

  r.route('GET', '/results/{id}', { access: 'user' }, async ({ caller, params, services }) => {
    const item = await requireAnalysis(services, caller.sub, parseAnalysisPathId(params.id));
    return { status: 200, body: await toResult(services, item) };
  });

  r.route('GET', '/results/{id}/patterns', { access: 'user', summary: 'A page of the suspicious patterns, most severe first (offset, limit up to 500)' }, async ({ caller, params, req, services }) => {
    const query = patternsQuerySchema.parse(req.query);
    return { status: 200, body: await getPatternPage(services, caller.sub, parseAnalysisPathId(params.id), query) };
  });

  r.route('DELETE', '/results/{id}', { access: 'user' }, async ({ caller, params, services }) => {
    const analysisId = parseAnalysisPathId(params.id);
    await deleteAnalysis(services, caller.sub, analysisId);
    return { status: 200, body: { deleted: true, analysisId } };
  });

  r.route('POST', '/flag-details', { access: 'user' }, async ({ caller, body, services }) => {
    const request = flagDetailsRequestSchema.parse(body ?? {});
    return { status: 200, body: await getFlagDetails(services, caller.sub, request) };
  });
}
