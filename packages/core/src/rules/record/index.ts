/** The record rules (DETECTION.md section 2) and the flagger that applies them to one record at a time. */
export { createRecordFlagger, type FlaggerOptions, type RecordFlagger } from './flag-record.ts';
