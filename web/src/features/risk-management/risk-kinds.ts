/**
 * The two administrators' lists (high-risk tables and transaction codes) share one screen; this
 * table holds every path, field and text that differs between them (texts from spec section 8).
 */
export type RiskKind = 'tables' | 'tcodes';

export interface RiskItem {
  tableId?: string;
  tcodeId?: string;
  category: string;
  description: string;
  addedBy: string;
  /** The e-mail behind `addedBy`, when the server knows it. */
  addedByEmail?: string;
  lastModified: string;
  lastModifiedBy?: string;
  lastModifiedByEmail?: string;
}

export interface RiskKindInfo {
  kind: RiskKind;
  idField: 'tableId' | 'tcodeId';
  /** API collection, e.g. /risk-tables. */
  path: string;
  /** Key of the list in the GET answer. */
  listKey: 'tables' | 'tcodes';
  masterSearchPath: string;
  tabLabel: string;
  idLabel: string;
  addLabel: string;
  /** Used in 'Are you sure you want to remove {id} from high-risk ...?'. */
  listName: string;
  /** Used in 'Successfully imported N {type}'. */
  importNoun: string;
  importTypeLabel: string;
  emptyText: string;
  requiredText: string;
  loadFailed: string;
  removed: string;
  deleteFailed: string;
  updated: string;
  added: string;
  saveFailed: string;
}

export const RISK_KINDS: Record<RiskKind, RiskKindInfo> = {
  tables: {
    kind: 'tables',
    idField: 'tableId',
    path: '/risk-tables',
    listKey: 'tables',
    masterSearchPath: '/master-tables/search',
    tabLabel: 'High-Risk Tables',
    idLabel: 'Table',
    addLabel: 'Add Table',
    listName: 'high-risk tables',
    importNoun: 'tables',
    importTypeLabel: 'High-Risk Tables',
    emptyText: 'No high-risk tables found',
    requiredText: 'Table is required',
    loadFailed: 'Failed to load tables',
    removed: 'Table removed successfully',
    deleteFailed: 'Failed to delete table',
    updated: 'Table updated successfully',
    added: 'Table added successfully',
    saveFailed: 'Failed to save table',
  },
  tcodes: {
    kind: 'tcodes',
    idField: 'tcodeId',
    path: '/risk-tcodes',
    listKey: 'tcodes',
    masterSearchPath: '/master-tcodes/search',
    tabLabel: 'High-Risk Tcodes',
    idLabel: 'Transaction code',
    addLabel: 'Add Tcode',
    listName: 'high-risk transaction codes',
    importNoun: 'transaction codes',
    importTypeLabel: 'High-Risk Transaction Codes',
    emptyText: 'No high-risk transaction codes found',
    requiredText: 'Transaction code is required',
    loadFailed: 'Failed to load transaction codes',
    removed: 'Transaction code removed successfully',
    deleteFailed: 'Failed to delete transaction code',
    updated: 'Transaction code updated successfully',
    added: 'Transaction code added successfully',
    saveFailed: 'Failed to save transaction code',
  },
};

/** Risk-management toasts stay 3 s (spec section 2, Toast notifications). */
export const RISK_TOAST = { duration: 3000 } as const;

export function riskItemId(info: RiskKindInfo, item: RiskItem): string {
  return item[info.idField] ?? '';
}

/** The exact confirmation text before a delete (spec section 5). */
export function removeConfirmText(info: RiskKindInfo, id: string): string {
  return `Are you sure you want to remove ${id} from ${info.listName}?`;
}
