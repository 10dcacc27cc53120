/** The two administrators' lists share one code path; this table holds what differs. */
import { keys } from '../keys.ts';

export type RiskKind = 'table' | 'tcode';

export interface RiskKindInfo {
  kind: RiskKind;
  /** Partition of the list items. */
  pk: string;
  /** Partition of the master list used to fill descriptions. */
  masterPk: string;
  /** Field name of the ID in API items (`tableId` / `tcodeId`). */
  idField: 'tableId' | 'tcodeId';
  /** Sort key of this list's version counter under RISK#META. */
  versionSk: string;
  /** Words for messages. */
  noun: string;
  /** CSV columns of import and export. */
  csvIdColumn: 'TABNAME' | 'TCODE';
  csvDescriptionColumn: 'DDTEXT' | 'DESCRIPTION';
}

export const RISK_KINDS: Record<RiskKind, RiskKindInfo> = {
  table: {
    kind: 'table',
    pk: keys.riskTable,
    masterPk: keys.masterTable,
    idField: 'tableId',
    versionSk: 'VERSION#TABLE',
    noun: 'Table',
    csvIdColumn: 'TABNAME',
    csvDescriptionColumn: 'DDTEXT',
  },
  tcode: {
    kind: 'tcode',
    pk: keys.riskTcode,
    masterPk: keys.masterTcode,
    idField: 'tcodeId',
    versionSk: 'VERSION#TCODE',
    noun: 'Transaction code',
    csvIdColumn: 'TCODE',
    csvDescriptionColumn: 'DESCRIPTION',
  },
};

/** A risk list item as the API returns it. */
export interface RiskItem {
  tableId?: string;
  tcodeId?: string;
  category: string;
  description: string;
  addedBy: string;
  lastModified: string;
  lastModifiedBy: string;
  active: boolean;
}

/** The stored item: API fields plus the keys. */
export interface StoredRiskItem extends RiskItem {
  pk: string;
  sk: string;
}

export function itemId(info: RiskKindInfo, item: RiskItem): string {
  return item[info.idField] ?? '';
}

/** Drops the table keys so API answers carry only domain fields. */
export function toApiItem(stored: StoredRiskItem): RiskItem {
  const { pk: _pk, sk: _sk, ...rest } = stored;
  return rest;
}
