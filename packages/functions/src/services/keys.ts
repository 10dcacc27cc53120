/**
 * Single-table layout (DynamoDB / dynalite): partition key `pk`, sort key `sk`, both strings.
 * Every item of a user's data lives under that user's partition, so a query can never
 * return another user's items. Blob keys follow the same rule.
 */
export const keys = {
  user: (sub: string) => `USER#${sub}`,
  file: (fileId: string) => `FILE#${fileId}`,
  analysis: (analysisId: string) => `ANALYSIS#${analysisId}`,
  preference: (type: string) => `PREF#${type}`,
  riskTable: 'RISK#TABLE',
  riskTcode: 'RISK#TCODE',
  riskMeta: 'RISK#META',
  audit: 'AUDIT',
  masterTable: 'MASTER#TABLE',
  masterTcode: 'MASTER#TCODE',
  accessRequest: 'ACCESS_REQUEST',
  detectionThresholds: 'SETTINGS#DETECTION',
  // The watchlists' partitions (WATCH#SENSITIVE_ROLE …) come from their lines in core's WATCHLISTS.
} as const;

export const blobKeys = {
  upload: (sub: string, fileId: string, fileName: string) => `users/${sub}/uploads/${fileId}/${safeName(fileName)}`,
  analysisPrefix: (sub: string, analysisId: string) => `users/${sub}/analyses/${analysisId}/`,
  riskExport: (name: string) => `admin/exports/${Date.now()}/${name}`,
};

/** Keeps a user-supplied file name usable as one key segment. */
export function safeName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '');
  return cleaned.slice(0, 120) || 'file';
}
