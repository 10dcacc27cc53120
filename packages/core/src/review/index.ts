export * from './types.ts';
export { deriveFindings, patternFinding, highRecordFindings, highRecordEvidence, dateOrders, attachPatternEvidence, patternEvidenceOf, RECORD_FINDINGS_PER_FLAG, type DerivedFindings, type RecordCoverage } from './derive-findings.ts';
export { findingId } from './finding-id.ts';
export { findSuppression, isSuppressedBy, isActiveAt } from './suppression-match.ts';
export { canonicalFields, recordTime } from './record-fields.ts';
export { writeFindingsWorkbook, writeFindingsCsv, findingsWorkbookRow, evidenceSheetName, localDateTime, suppressionLabel, FINDINGS_COLUMNS, MAX_EVIDENCE_SHEETS, WIDTH_SAMPLE, type FindingsRows, type FindingsWorkbookRow, type FindingsWriteOptions } from './findings-workbook.ts';
export { buildUserTimeline, MAX_TIMELINE_ENTRIES, MAX_ITEMS_PER_DOCUMENT, type TimelineEntry, type TimelineType, type UserTimeline } from './user-timeline.ts';
export { openTimelineIndex, readTimelinePage, TimelineIndexError, type OpenedTimelineIndex, type RangeReader, type TimelinePage, type TimelinePageQuery } from './timeline-index/index-reader.ts';
export { parseHighRecords, HEADER_USER_CELL, HEADER_TIME_CELL, HEADER_TCODE_CELL, type HighRecord, type HighRecords } from './high-records.ts';
