export { loadAnalysisFindings, requireFinding, FINDING_NOT_FOUND, type FindingView } from './finding-views.ts';
export { findingsQuerySchema, queryFindings, countFindings } from './findings-query.ts';
export { reviewBodySchema, bulkReviewBodySchema, reviewFindings, MAX_BULK } from './triage.ts';
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
export { exportFindings, exportQuerySchema } from './findings-export.ts';
export { getTimeline, timelineQuerySchema } from './timeline.ts';
