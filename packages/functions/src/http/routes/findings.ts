/**
 * Review of an analysis's findings (issue 17) and its cases (issue 24): list, one finding with its
 * evidence and audit trail, triage one, many or every finding a filter matches, the cases and a
 * case's members and review, the workbook, and a user's timeline. The analysis is looked up under
 * the caller's sub, so another user's analysis, finding, case or review is a 404.
 */
import {
  bulkReviewBodySchema,
  caseQuerySchema,
  caseReviewBodySchema,
  casesQuerySchema,
  requestFindingsExport,
  readFindingsExport,
  exportBodySchema,
  exportQuerySchema,
  filterReviewBodySchema,
  getCase,
  getReviewJob,
  getTimeline,
  listCases,
  timelineQuerySchema,
  findingsQuerySchema,
  loadTrail,
  openFindings,
  queryFindings,
  requireFinding,
  reviewBodySchema,
  reviewByFilter,
  reviewCase,
  reviewFindings,
} from '../../services/review/index.ts';
import { z } from 'zod';
import { CASE_ID } from '../../services/review/findings-query.ts';
import type { PathParam } from '../path-ids.ts';
import type { RouteRegistrar } from '../types.ts';

/** A case id as cases.json names it (the engine: `case-` and hex digits). */
const caseIdParam: PathParam = { label: 'case ID', schema: z.string().regex(CASE_ID, 'must be a case id from GET /results/{id}/cases') };
const jobIdParam: PathParam = { label: 'review job ID', schema: z.string().uuid('must be a job id from a case or filter review') };

export function registerFindingRoutes(r: RouteRegistrar): void {
  r.route('GET', '/results/{id}/findings', { access: 'user', summary: 'A page of findings (filters: status, severity, rule, user, caseId), their counts and rules' }, async ({ caller, params, req, services }) => {
    const query = findingsQuerySchema.parse(req.query);
    const o = await openFindings(services, caller.sub, params.id!);
    return { status: 200, body: await queryFindings(o, query) };
  });

  r.route('POST', '/results/{id}/findings/export', { access: 'user', body: exportBodySchema, summary: 'Starts the findings workbook (xlsx) or CSV: a one-hour download link, or 202 with the job writing it (on AWS, or a streamed export)' }, async ({ caller, params, body, services }) => {
    const { format } = exportBodySchema.parse(body ?? {});
    const out = await requestFindingsExport(services, caller.sub, params.id!, format);
    return { status: out.code, body: out.body };
  });

  r.route('GET', '/results/{id}/findings/export', { access: 'user', summary: "A finished export job's download link (job=…), or the small findings workbook written in memory; starts no job (POST does)" }, async ({ caller, params, req, services }) => {
    const { format, job } = exportQuerySchema.parse(req.query);
    return { status: 200, body: await readFindingsExport(services, caller.sub, params.id!, format, job) };
  });

  r.route('GET', '/results/{id}/timeline', { access: 'user', summary: "A page of one user's activity across the analysis's files" }, async ({ caller, params, req, services }) => {
    const query = timelineQuerySchema.parse(req.query);
    return { status: 200, body: await getTimeline(services, caller.sub, params.id!, query) };
  });

  r.route('GET', '/results/{id}/findings/{findingId}', { access: 'user', summary: 'One finding with its evidence and audit trail' }, async ({ caller, params, services }) => {
    const o = await openFindings(services, caller.sub, params.id!);
    const { finding, view } = await requireFinding(o, params.findingId!);
    const trail = await loadTrail(services, caller.sub, params.id!, finding.findingId);
    return { status: 200, body: { finding: view, evidence: finding.evidence, trail } };
  });

  r.route('PUT', '/results/{id}/findings/{findingId}/review', { access: 'user', body: reviewBodySchema, summary: 'Reviews one finding (optionally creating a suppression)' }, async ({ caller, params, body, services }) => {
    const review = reviewBodySchema.parse(body ?? {});
    const [finding] = await reviewFindings(services, caller, params.id!, [params.findingId!], review);
    return { status: 200, body: { finding } };
  });

  r.route('PUT', '/results/{id}/findings/review', { access: 'user', body: bulkReviewBodySchema, summary: 'Reviews up to 200 selected findings, one trail entry each' }, async ({ caller, params, body, services }) => {
    const review = bulkReviewBodySchema.parse(body ?? {});
    const findings = await reviewFindings(services, caller, params.id!, review.findingIds, review);
    return { status: 200, body: { updated: findings.length, findings } };
  });

  r.route('PUT', '/results/{id}/findings/review-by-filter', { access: 'user', body: filterReviewBodySchema, summary: 'Reviews every finding a filter matches, if it still matches the expected count (202 with a job to poll when it takes long)' }, async ({ caller, params, body, services }) => {
    const review = filterReviewBodySchema.parse(body ?? {});
    const out = await reviewByFilter(services, caller, params.id!, review);
    return { status: out.code, body: out.body };
  });

  r.route('GET', '/results/{id}/review-jobs/{jobId}', { access: 'user', params: { jobId: jobIdParam }, summary: 'Progress and result of a case or filter review or a findings export that answered 202' }, async ({ caller, params, services }) => {
    return { status: 200, body: await getReviewJob(services, caller.sub, params.id!, params.jobId!) };
  });

  r.route('GET', '/results/{id}/cases', { access: 'user', summary: 'A page of cases, most important first (filters: risk, rule, actor, review)' }, async ({ caller, params, req, services }) => {
    const query = casesQuerySchema.parse(req.query);
    return { status: 200, body: await listCases(services, caller.sub, params.id!, query) };
  });

  r.route('GET', '/results/{id}/cases/{caseId}', { access: 'user', params: { caseId: caseIdParam }, summary: 'One case with its review progress and a page of its members' }, async ({ caller, params, req, services }) => {
    const query = caseQuerySchema.parse(req.query);
    return { status: 200, body: await getCase(services, caller.sub, params.id!, params.caseId!, query) };
  });

  r.route('PUT', '/results/{id}/cases/{caseId}/review', { access: 'user', params: { caseId: caseIdParam }, body: caseReviewBodySchema, summary: 'A review decision on every member (or every open member) of a case, each with its own trail entry (202 with a job to poll when it takes long)' }, async ({ caller, params, body, services }) => {
    const review = caseReviewBodySchema.parse(body ?? {});
    const out = await reviewCase(services, caller, params.id!, params.caseId!, review);
    return { status: out.code, body: out.body };
  });
}
