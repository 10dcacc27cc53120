export { requireFinding, FINDING_NOT_FOUND, type FindingView } from './finding-views.ts';
export { openFindings } from './finding-store.ts';
export { findingsQuerySchema, queryFindings } from './findings-query.ts';
export { reviewBodySchema, bulkReviewBodySchema, filterReviewBodySchema, caseReviewBodySchema, reviewFindings, reviewByFilter, reviewCase, getReviewJob, MAX_BULK, MAX_BULK_FILTER } from './triage.ts';
export { casesQuerySchema, caseQuerySchema, listCases, getCase, CASE_NOT_FOUND } from './case-views.ts';
export { loadTrail, deleteReviewData } from './review-store.ts';
export { snapshotSuppressions } from './suppression-snapshot.ts';
export {
  addSuppression,
  createSuppressionSchema,
  deleteSuppression,
  editSuppression,
  listSuppressionViews,
  suppressionListQuerySchema,
  updateSuppressionSchema,
} from './suppressions.ts';
export { exportBodySchema, exportFindings, exportQuerySchema } from './findings-export.ts';
export { readFindingsExport, requestFindingsExport } from './export-jobs.ts';
export { getTimeline, timelineQuerySchema } from './timeline.ts';
