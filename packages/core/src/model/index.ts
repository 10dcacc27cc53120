/**
 * Shared domain vocabulary of the analyzer. Every package speaks these types;
 * nothing here depends on AWS, HTTP or the file system.
 */
import type { TableLists } from '../lists/watchlist-table.ts';

export const FILE_TYPES = ['SM20', 'CDHDR', 'CDPOS', 'TICKETS'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const FLAG_KEYS = [
  'DEBUG_FLAG',
  'TABLE_MAINT_FLAG',
  'HIGH_RISK_TCODE_FLAG',
  'HIGH_RISK_TABLE_FLAG',
  'SENSITIVE_FIELD_FLAG',
  'SENSITIVE_OBJECT_FLAG',
  'CHANGE_TIMING_FLAG',
  'CHANGE_VOLUME_FLAG',
  'SENSITIVE_ACCESS_FLAG',
  'OTHER',
] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];
export type FlagCounts = Record<FlagKey, number>;

export type Severity = 'high' | 'medium-high' | 'medium' | 'variable';
export type OtherCategory =
  | 'security'
  | 'config'
  | 'audit_trail'
  | 'transport'
  | 'job_schedule'
  | 'privileged_user'
  | 'emergency_access'
  | 'authorization';

/** One entry of an administrators' list (high-risk tcodes or tables). */
export interface RiskListEntry {
  id: string;
  category: string;
  description: string;
}

/** One row of the Security Audit Log event catalogue. */
export interface SalEvent {
  event: string;
  category: string;
  severity: 'high' | 'medium' | 'low';
  text: string;
}

/** One entry of the privileged-users watchlist; a trailing `*` is a prefix, except in `SAP*`. */
export interface WatchlistUser {
  user: string;
  kind: 'standard' | 'emergency';
  description: string;
}

/** One entry of the sensitive-profiles watchlist (SAP_ALL, SAP_NEW …). */
export interface SensitiveProfile {
  profile: string;
  description: string;
}

/** One entry of the sensitive-roles watchlist (SAP_BC_BASIS_ADMIN …); a trailing `*` is a prefix. */
export interface SensitiveRole {
  role: string;
  description: string;
}

/** One payment transaction (F110, F-53 …) of the payment-transactions list. */
export interface PaymentTcode {
  tcode: string;
  description: string;
}

/** One entry of the sensitive programs and function modules watchlist. */
export interface SensitiveProgram {
  name: string;
  /** `report` or `function_module`. */
  kind: string;
  description: string;
}

/**
 * Everything detection reads besides the files themselves. The lists of an analysis: the high-risk lists, the reference lists, and one field per line of the
 * lists table (`WATCHLISTS`, lists/watchlist-table.ts: privilegedUsers, sensitiveProfiles,
 * sensitivePrograms, and sensitiveRoles and paymentTcodes, which a snapshot taken before them lacks:
 * the default list applies then).
 */
export interface DetectionLists extends TableLists {
  highRiskTcodes: RiskListEntry[];
  highRiskTables: RiskListEntry[];
  sensitiveFields: string[];
  sensitiveObjectClasses: string[];
  events: SalEvent[];
}

/**
 * The numbers and lists the rules use (DETECTION.md section 4): derived from the settings the rule
 * modules declare (rules/detection-settings.ts, which also has DEFAULT_THRESHOLDS).
 */
export type { DetectionThresholds } from '../rules/detection-settings.ts';
import type { DetectionThresholds } from '../rules/detection-settings.ts';
// Re-exported for the modules that read them here; they are made in rules/detection-settings.ts.
export { completeThresholds, DEFAULT_THRESHOLDS } from '../rules/detection-settings.ts';

export interface HolidayCalendar {
  /** ISO country code, e.g. "US", "DE". */
  country: string;
  /** Optional state/region code understood by date-holidays, e.g. "BY". */
  region?: string;
}

export interface EngineSettings {
  holidays: HolidayCalendar;
  /** Rule thresholds; DEFAULT_THRESHOLDS when absent. */
  thresholds?: DetectionThresholds;
  /** IANA time zone of the analysis (timestamps with Z or an offset are converted to it); default 'UTC'. */
  timeZone?: string;
}

export interface AnalysisSummary {
  total_records: number;
  flagged_records: number;
  flag_counts: FlagCounts;
}

/**
 * 'No data': the files held no records, so nothing was checked (never reported as Clean).
 * 'Critical': the analysis holds a critical case (the overall risk is never below its highest case: model/overall-risk.ts).
 */
export type RiskLevel = 'Critical' | 'High' | 'Medium' | 'Low' | 'Clean' | 'No data';

/** The risk in words, as the product's risk badge and the workbook's Summary sheet say it. */
export const RISK_DESCRIPTIONS: Record<RiskLevel, string> = {
  Critical: 'Critical Risk - Review the Critical Cases First',
  High: 'High Risk - Immediate Review Required',
  Medium: 'Medium Risk - Review Recommended',
  Low: 'Low Risk - Minor Issues Found',
  Clean: 'Clean - No Security Issues Detected',
  'No data': 'No data - no records were found in the files, so nothing was checked',
};

/** Why an analysis of ticket files alone is `No data`: tickets are no evidence either way. */
export const TICKETS_ONLY_NO_DATA = 'no SM20 or change-document records were given (ticket files alone are no evidence either way), so nothing was checked';

/**
 * The name of a correlation pattern: derived from the pattern list (rules/pattern/pattern-list.ts),
 * the only list of the patterns (a type-only import: nothing of the rules is loaded here).
 */
export type { PatternName } from '../rules/pattern/pattern-list.ts';
import type { PatternName } from '../rules/pattern/pattern-list.ts';

export interface SuspiciousPattern {
  pattern: PatternName;
  risk_level: 'critical' | 'high' | 'medium' | 'low';
  /** Rule id of the catalogue, e.g. PAT-BRUTE-FORCE-SUCCESS. */
  rule: string;
  user: string;
  /** ISO-like local timestamp "YYYY-MM-DD HH:MM:SS" of the triggering record. */
  sm20_time: string;
  sm20_activity: string;
}

export interface RecordCountSummary {
  input_files: Record<string, number>;
  output_files: Record<string, number>;
  total_input_records: number;
  total_output_records: number;
  /** File name -> line breaks inside quoted cells (lines joined into records); only files with any. */
  joined_lines?: Record<string, number>;
}

/** Group label -> stat label -> value, e.g. {"CDHDR ↔ CDPOS": {headers: 3, items: 9}}. */
export type CorrelationSummary = Record<string, Record<string, number | string>>;

export interface RiskCorrelation {
  total_records_analyzed: number;
  total_flagged_records: number;
  risk_percentage: number;
  files_correlated: string[];
}

export interface DashboardTotals {
  criticalAlerts: number;
  failedLogins: number;
  anomalousUsers: number;
  highRiskUsers: number;
}

/** Sample records of one flag for the flag-detail modal. */
export interface FlagSample {
  columns: string[];
  records: Record<string, string>[];
  /** Total number of records with the flag (may exceed records.length). */
  total: number;
  /** Category -> record count; only for OTHER. */
  aggregatedFlags?: Record<string, number>;
}

/** Real-data analytics (DECISIONS.md 1). */
export interface AnalyticsData {
  /** Per record day "YYYY-MM-DD": counts of the three timeline series. */
  timeline: Record<string, { failedLogins: number; highRisk: number; dataModifications: number }>;
  /** Module -> 24 counts (hour of day 0..23). Modules: FI CO MM SD HR BASIS ABAP BC. */
  heatmap: Record<string, number[]>;
}

/** What the report step returns: everything the API and the screens show. */
export interface AnalysisReport {
  analysis_type: 'single' | 'multi';
  /** File type of a single-file analysis; for multi, the list in files. */
  fileType: FileType | 'MULTI';
  files: { name: string; fileType: FileType; records: number }[];
  summary: AnalysisSummary;
  /** The overall risk: the share of flagged records' level, raised to the highest case's level (model/overall-risk.ts). */
  risk: RiskLevel;
  /** The level the share of flagged records alone gives (spec: above 10 % High …); absent in reports written before it. */
  risk_by_share?: RiskLevel;
  /** Why the overall risk is what it is, e.g. "3 critical cases; 12.50 % of records flagged, which alone reads High". */
  risk_reason?: string;
  /** Why the risk is `No data` (no records at all, or tickets alone: no SM20 or change-document records were given). */
  no_data_reason?: string;
  suspicious_patterns: SuspiciousPattern[];
  /**
   * How many patterns the analysis found. The pipeline's stored report (report.json) carries the
   * first of them only (the pipeline's STORED_REPORT_PATTERNS); the API pages through all of them from the stored
   * pattern table. Absent in reports written before: there `suspicious_patterns` holds them all.
   */
  suspicious_patterns_total?: number;
  correlation_summary: CorrelationSummary;
  record_count_summary: RecordCountSummary;
  correlation_results: { risk_correlation: RiskCorrelation };
  dashboard: DashboardTotals;
  flagSamples: Partial<Record<FlagKey, FlagSample>>;
  analytics: AnalyticsData;
  /** Problems found while reading that did not stop the analysis (e.g. lines joined by quotes). */
  warnings?: string[];
  /** AI annotation bookkeeping (issue 7); absent when AI was off. */
  ai?: { annotated: number; notAnnotated: number; reason?: string; inputTokens: number; outputTokens: number; model?: string };
  /** The cases (DETECTION.md section 6), ordered; absent in reports written before them. */
  cases?: import('../cases/types.ts').Case[];
  /** The settings the analysis ran with (time zone, holidays, business hours, thresholds, list versions, data period). */
  settings?: import('../cases/types.ts').AnalysisSettingsSummary;
}
