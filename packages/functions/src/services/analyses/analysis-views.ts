/** Shapes the analysis item (and its report.json) into the API answers of spec section 3. */
import { riskLabelOf } from '@app/core/model/risk-label.ts';
import type { AnalysisReport } from '@app/core';
import { VisibleError } from '../../http/errors.ts';
import { BlobNotFoundError } from '../../ports/index.ts';
import type { Services } from '../types.ts';
import { readText } from '../workspace.ts';
import { getAnalysis, type AnalysisItem } from './analysis-item.ts';

export const NOT_FOUND_MESSAGE = 'Analysis not found';
/** Download links live for an hour; the results screen fetches fresh ones on each visit. */
export const DOWNLOAD_URL_TTL_SECONDS = 3600;

/** The caller's analysis, or 404 (also for another user's id: keys are scoped by sub, and for one being deleted). */
export async function requireAnalysis(services: Services, userSub: string, analysisId: string): Promise<AnalysisItem> {
  const item = await getAnalysis(services, userSub, analysisId);
  if (!item || item.deletingAt) throw new VisibleError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return item;
}

export async function readReport(services: Services, item: AnalysisItem): Promise<AnalysisReport> {
  if (item.status !== 'completed' || !item.outputs) {
    throw new VisibleError('CONFLICT', `Analysis ${item.analysisId} is ${item.status}; its results are available once it has completed`);
  }
  try {
    return JSON.parse(await readText(services.blobs, item.outputs.report)) as AnalysisReport;
  } catch (e) {
    if (!(e instanceof SyntaxError || e instanceof BlobNotFoundError)) throw e;
    services.log.error('stored report unreadable', { analysisId: item.analysisId, error: String(e) });
    throw new VisibleError('RESULT_DAMAGED', REPORT_DAMAGED_MESSAGE);
  }
}

export const REPORT_DAMAGED_MESSAGE =
  'The stored summary of this analysis is damaged and cannot be shown; the Excel and CSV results can still be downloaded, or run the analysis again';

export function toListItem(item: AnalysisItem) {
  return {
    analysisId: item.analysisId,
    createdAt: item.createdAt,
    createdDate: item.createdAt,
    timestamp: item.createdAt,
    completedAt: item.completedAt ?? null,
    fileName: item.fileName,
    fileNames: item.fileNames,
    fileTypes: item.fileTypes,
    analysisType: item.analysisType,
    totalRecords: item.totalRecords ?? 0,
    total_records: item.totalRecords ?? 0,
    status: item.status,
    error: item.error ?? null,
    risk: item.risk ?? null,
    // The risk in words; a tickets-only analysis says why it is No data (issue 27).
    risk_label: riskLabelOf(item.risk, item.totalRecords),
    summary: item.summary ?? null,
    dashboard: item.dashboard ?? null,
  };
}

function downloadBaseName(item: AnalysisItem): string {
  return `sap-analysis-${item.analysisId.slice(0, 8)}`;
}

/** GET /results/{id}: the status poll while processing, the full result once completed. */
export async function toResult(services: Services, item: AnalysisItem) {
  const base = {
    ...toListItem(item),
    analysis_type: item.analysisType,
    listVersions: item.listVersions,
    holidayCalendar: item.holidayCalendar,
    timeZone: item.timeZone ?? 'UTC',
    aiEnabled: item.aiEnabled,
  };
  if (item.status !== 'completed' || !item.outputs) return base;
  const outputs = item.outputs;
  const report = await readReport(services, item).catch((e: unknown) => {
    if (e instanceof VisibleError && e.code === 'RESULT_DAMAGED') return undefined;
    throw e;
  });
  const name = downloadBaseName(item);
  const [excelDownloadUrl, csvDownloadUrl] = await Promise.all([
    services.blobs.presignGet(outputs.xlsx, {
      expiresIn: DOWNLOAD_URL_TTL_SECONDS,
      downloadName: `${name}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    services.blobs.presignGet(outputs.csv, {
      expiresIn: DOWNLOAD_URL_TTL_SECONDS,
      downloadName: `${name}.csv`,
      contentType: 'text/csv; charset=utf-8',
    }),
  ]);
  // The item's own summary still shows; the downloads are offered beside the message.
  if (!report) return { ...base, reportError: REPORT_DAMAGED_MESSAGE, excelDownloadUrl, csvDownloadUrl, downloadUrl: excelDownloadUrl };
  return {
    ...base,
    analysis_type: report.analysis_type,
    fileType: report.fileType,
    files: report.files,
    summary: report.summary,
    risk: report.risk,
    risk_label: riskLabelOf(report.risk, report.summary.total_records),
    // Why the overall risk is what it is (a critical case raises it above the share's level) and the share's own level.
    ...(report.risk_reason ? { risk_reason: report.risk_reason } : {}),
    ...(report.risk_by_share ? { risk_by_share: report.risk_by_share } : {}),
    ...(report.no_data_reason ? { no_data_reason: report.no_data_reason } : {}),
    correlation_results: report.correlation_results,
    record_count_summary: report.record_count_summary,
    warnings: report.warnings ?? [],
    // The first patterns; GET /results/{id}/patterns pages through all of them.
    suspicious_patterns: report.suspicious_patterns,
    suspicious_patterns_total: report.suspicious_patterns_total ?? report.suspicious_patterns.length,
    settings: report.settings ?? null,
    correlation_summary: report.correlation_summary,
    dashboard: report.dashboard,
    analytics: report.analytics,
    ai: report.ai ?? null,
    excelDownloadUrl,
    csvDownloadUrl,
    downloadUrl: excelDownloadUrl,
  };
}
