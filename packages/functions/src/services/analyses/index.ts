export { startAnalysis, analyzeRequestSchema, type AnalyzeRequest } from './start-analysis.ts';
export { requireAnalysis, toListItem, toResult, readReport, NOT_FOUND_MESSAGE } from './analysis-views.ts';
export { getFlagDetails, flagDetailsRequestSchema } from './flag-details.ts';
export { deleteAnalysis } from './delete-analysis.ts';
export { listAnalyses, getAnalysis, updateAnalysis, type AnalysisItem, type AnalysisStatus } from './analysis-item.ts';
