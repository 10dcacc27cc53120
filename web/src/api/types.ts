/** What the screens read from the API (spec section 3). Optional where the spec allows alternatives. */
import type { AnalyticsData, DashboardTotals, RecordCountSummary } from '@app/core/model/index.ts';

// The engine's own shapes, as the API passes them through unchanged.
export type { AnalyticsData, DashboardTotals, RecordCountSummary };

export type FlagCounts = Record<string, number>;

export interface AnalysisSummary {
  total_records: number;
  flagged_records: number;
  flag_counts: FlagCounts;
}

export interface FileItem {
  fileId: string;
  fileName: string;
  fileType?: string;
  /** SM20, CDHDR, CDPOS or TICKETS, as the server read the file's header when it was confirmed. */
  sapType?: string;
  size?: number;
  status?: string;
  uploadDate?: string;
}

export interface AnalysisListItem {
  analysisId: string;
  createdAt?: string;
  createdDate?: string;
  fileName?: string;
  fileNames?: string[];
  fileTypes?: string[];
  totalRecords?: number;
  total_records?: number;
  status: string;
  timestamp?: string;
  completedAt?: string;
  error?: string | null;
  summary?: AnalysisSummary;
  /** The engine's risk level ('No data' with records read: ticket files alone). */
  risk?: string | null;
  /** The risk in words (API: a tickets-only analysis says why it is No data). */
  risk_label?: string | null;
}

export interface SuspiciousPattern {
  pattern: string;
  risk_level: string;
  user: string;
  sm20_time: string;
  sm20_activity: string;
  /** Rule id of the catalogue, e.g. PAT-BRUTE-FORCE-SUCCESS (absent on analyses from before the catalogue). */
  rule?: string;
}

export interface AnalysisResult {
  analysisId: string;
  status: string;
  error?: string;
  /** Set when the stored summary could not be read; the downloads are still offered. */
  reportError?: string;
  /** Problems found while reading that did not stop the analysis. */
  warnings?: string[];
  analysis_type?: 'single' | 'multi';
  fileType?: string;
  fileName?: string;
  fileTypes?: string[];
  files?: { name: string; fileType: string; records: number }[];
  timestamp?: string;
  createdAt?: string;
  completedAt?: string;
  /** The engine's risk level; 'No data' with a reason for an analysis of ticket files alone. */
  risk?: string;
  /** The risk in words; for ticket files alone 'No data — tickets alone: …' (issue 27). */
  risk_label?: string | null;
  no_data_reason?: string;
  /** Why the overall risk is what it is (a critical case raises it above the share's level); absent on older analyses. */
  risk_reason?: string;
  /** The level the share of flagged records alone gives. */
  risk_by_share?: string;
  summary?: AnalysisSummary;
  correlation_results?: {
    risk_correlation?: {
      total_records_analyzed: number;
      total_flagged_records: number;
      risk_percentage: number;
      files_correlated: string[];
    };
  };
  record_count_summary?: RecordCountSummary;
  /** The settings the analysis ran with (period, time zone, thresholds); absent on older analyses. */
  settings?: import('../features/results/threshold-texts.ts').AnalysisSettings | null;
  /** The first patterns (all of them on analyses written before suspicious_patterns_total). */
  suspicious_patterns?: SuspiciousPattern[];
  /** Every pattern's count; GET /results/{id}/patterns pages through them. */
  suspicious_patterns_total?: number;
  correlation_summary?: Record<string, Record<string, number | string>>;
  excelDownloadUrl?: string;
  csvDownloadUrl?: string;
  downloadUrl?: string;
  dashboard?: DashboardTotals;
  analytics?: AnalyticsData;
}

export interface FlagDetails {
  records: Record<string, unknown>[];
  columns: string[];
  aggregatedFlags?: Record<string, number>;
  total?: number;
  error?: string;
}

export interface SystemInfo {
  flagCount: number;
  masterTables: number;
  masterTcodes: number;
  highRiskTables: number;
  highRiskTcodes: number;
  /** Absent from servers before the rule catalogue. */
  detectionRules?: number;
  version: string;
  buildDate: string;
}
