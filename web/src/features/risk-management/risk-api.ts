/**
 * Server calls of the risk-management screens, one queryOptions factory per read (spec section 7,
 * issue 6). Writes go through the mutations below so every screen sees fresh lists afterwards.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { putFile } from '../upload/upload-sequence.ts';
import { RISK_KINDS, type RiskItem, type RiskKind, type RiskKindInfo } from './risk-kinds.ts';

export interface AuditEntry {
  auditId: string;
  timestamp: string;
  action: string;
  itemId: string;
  itemType: string;
  userId: string;
  /** The e-mail behind `userId`, when the server knows it. */
  userEmail?: string;
  /** E-mails of the people the values name (addedBy, lastModifiedBy, …), by sub. */
  people?: Record<string, string>;
  previousValue: Record<string, unknown> | null;
  newValue: Record<string, unknown> | null;
}

export interface AccessRequest {
  requestId: string;
  email: string;
  firstName: string;
  lastName: string;
  organization: string;
  jobTitle: string;
  reason: string;
  phoneNumber?: string;
  status: string;
  createdAt: string;
}

export interface ImportResult {
  imported: number;
  errors: string[];
  /** Imported IDs the SAP master list lacks (high-risk list imports). */
  warnings?: string[];
}

export interface RiskExport {
  tablesUrl: string;
  tcodesUrl: string;
  tablesCount: number;
  tcodesCount: number;
}

export interface MasterSearchResult {
  tableId?: string;
  tcodeId?: string;
  description: string;
}

export const AUDIT_LOG_LIMIT = 100;

export const riskKeys = {
  all: ['risk'] as const,
  list: (kind: RiskKind, search: string, category: string) => ['risk', kind, { search, category }] as const,
  categories: ['risk', 'categories'] as const,
  audit: ['risk', 'audit'] as const,
  accessRequests: ['access-requests', 'pending'] as const,
};

export function riskListQuery(kind: RiskKind, search: string, category: string) {
  const info = RISK_KINDS[kind];
  return queryOptions({
    queryKey: riskKeys.list(kind, search, category),
    queryFn: async () => {
      const params = new URLSearchParams({ search, category });
      const body = await api.get<Record<string, RiskItem[] | undefined>>(`${info.path}?${params}`, { fallback: info.loadFailed });
      return body[info.listKey] ?? [];
    },
  });
}

export const categoriesQuery = queryOptions({
  queryKey: riskKeys.categories,
  queryFn: async () => (await api.get<{ categories?: string[] }>('/risk-categories')).categories ?? [],
});

export const auditLogQuery = queryOptions({
  queryKey: riskKeys.audit,
  queryFn: async () => {
    // A failed load shows an empty log (spec section 8); the reason goes to the console.
    try {
      return (await api.get<{ auditLog?: AuditEntry[] }>(`/risk-audit-log?limit=${AUDIT_LOG_LIMIT}`, { fallback: 'Failed to load the audit log' })).auditLog ?? [];
    } catch (err) {
      console.error('Failed to load the audit log', err);
      throw err; // shown as an error, never as "No audit logs found"
    }
  },
});

export const pendingAccessRequestsQuery = queryOptions({
  queryKey: riskKeys.accessRequests,
  queryFn: async () =>
    (await api.get<{ requests?: AccessRequest[] }>('/access-requests?status=pending', { fallback: 'Failed to load access requests' }))
      .requests ?? [],
});

/** Master-list autocomplete; a failure is silent and yields no suggestions (spec section 8). */
export async function searchMasterList(info: RiskKindInfo, query: string): Promise<MasterSearchResult[]> {
  try {
    const params = new URLSearchParams({ q: query, limit: '20' });
    const body = await api.get<{ results?: MasterSearchResult[] }>(`${info.masterSearchPath}?${params}`, { fallback: 'Search failed' });
    return body.results ?? [];
  } catch {
    return [];
  }
}

/** Invalidates every risk-management read (lists, watchlists, thresholds, categories, audit log) after a change. */
export function useInvalidateRisk() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: riskKeys.all });
}

export function useSaveRiskItem(info: RiskKindInfo) {
  const invalidate = useInvalidateRisk();
  return useMutation({
    mutationFn: (input: { mode: 'add' | 'edit'; id: string; category: string; description: string }) =>
      input.mode === 'add'
        ? api.post(info.path, { [info.idField]: input.id, category: input.category, description: input.description }, { fallback: info.saveFailed })
        : api.put(`${info.path}/${encodeURIComponent(input.id)}`, { category: input.category, description: input.description }, { fallback: info.saveFailed }),
    onSettled: invalidate,
  });
}

export function useDeleteRiskItem(info: RiskKindInfo) {
  const invalidate = useInvalidateRisk();
  return useMutation({
    mutationFn: (id: string) => api.del(`${info.path}/${encodeURIComponent(id)}`, undefined, { fallback: info.deleteFailed }),
    onSettled: invalidate,
  });
}

/**
 * Uploads a list file to a presigned target (no request-size limit; on AWS the policy bounds it to
 * 20 MB) and returns the key an import names it by.
 */
export async function uploadListFile(file: File): Promise<string> {
  const target = await api.post<{ uploadUrl: string; uploadFields?: Record<string, string>; key: string; contentType: string }>(
    '/imports/upload',
    { fileName: file.name },
    { fallback: 'Import failed' },
  );
  await putFile(target.uploadUrl, file, target.contentType, () => undefined, target.uploadFields);
  return target.key;
}

/** POST /risk-import with preview: what the import would change, nothing written. */
export interface ImportPreview {
  added: { id: string; category: string; description: string }[];
  changed: { id: string; changes: { field: string; from: string; to: string }[] }[];
  unchanged: string[];
  categoriesMatched: { from: string; to: string }[];
  categoriesNew: string[];
  errors: string[];
  warnings: string[];
}

/** The preview of an import (the uploaded copy is read and removed; the import uploads the file again). */
export async function previewRiskImport(type: RiskKind, file: File): Promise<ImportPreview> {
  const answer = await api.post<{ preview: ImportPreview }>('/risk-import', { type, key: await uploadListFile(file), preview: true }, { fallback: 'Preview failed' });
  return answer.preview;
}

export function useImportRiskList() {
  const invalidate = useInvalidateRisk();
  return useMutation({
    mutationFn: async ({ type, file }: { type: RiskKind; file: File }) =>
      api.post<ImportResult>('/risk-import', { type, key: await uploadListFile(file) }, { fallback: 'Import failed' }),
    onSettled: invalidate,
  });
}

/** A master-list import job as GET /master-import/jobs/{jobId} returns it. */
export interface ImportJob {
  jobId: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  written: number;
  rejectedRows: number;
  errors: string[];
  message?: string;
}

/** How often the dialog asks for a running job's progress. */
export const IMPORT_POLL_MS = 1000;

/**
 * Uploads the export and starts the import job, then follows it until it has written every entry
 * (the server writes them in the background: a 400,000-row TSTCT takes longer than a request may).
 */
export async function importMasterFile(type: RiskKind, file: File, onProgress: (job: ImportJob) => void = () => {}): Promise<ImportResult> {
  let job = await api.post<ImportJob>('/master-import', { type, key: await uploadListFile(file) }, { fallback: 'Import failed' });
  onProgress(job);
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
    job = await api.get<ImportJob>(`/master-import/jobs/${job.jobId}`, { fallback: 'Could not read the import progress' });
    onProgress(job);
  }
  if (job.status === 'failed') throw new Error(job.message ?? 'The import failed');
  return { imported: job.written, errors: job.errors };
}

export function useImportMasterList(onProgress?: (job: ImportJob) => void) {
  const invalidate = useInvalidateRisk();
  return useMutation({
    mutationFn: ({ type, file }: { type: RiskKind; file: File }) => importMasterFile(type, file, onProgress),
    onSettled: invalidate,
  });
}

export function useDecideAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision }: { requestId: string; decision: 'approve' | 'reject' }) =>
      api.post(`/access-requests/${encodeURIComponent(requestId)}/${decision}`, {}, { fallback: `Failed to ${decision} the request` }),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: riskKeys.accessRequests }),
      client.invalidateQueries({ queryKey: riskKeys.audit }),
    ]),
  });
}

export function fetchRiskExport(): Promise<RiskExport> {
  return api.get<RiskExport>('/risk-export', { fallback: 'Failed to export risk data' });
}
