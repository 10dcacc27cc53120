/** The two master lists (tables from DD02T, transaction codes from TSTCT) and what differs. */
import { keys } from '../keys.ts';

export type MasterKind = 'table' | 'tcode';

export interface MasterKindInfo {
  kind: MasterKind;
  pk: string;
  idField: 'tableId' | 'tcodeId';
  auditType: 'master_table' | 'master_tcode';
  /** Header names accepted for the ID, text and language columns (upper-cased, first match wins). */
  idColumns: string[];
  textColumns: string[];
  languageColumns: string[];
  /** The SAP table the export comes from, for messages. */
  sapTable: 'DD02T' | 'TSTCT';
}

export const MASTER_KINDS: Record<MasterKind, MasterKindInfo> = {
  table: {
    kind: 'table',
    pk: keys.masterTable,
    idField: 'tableId',
    auditType: 'master_table',
    idColumns: ['TABNAME', 'TABLE NAME', 'TABLE'],
    textColumns: ['DDTEXT', 'DESCRIPTION', 'SHORT DESCRIPTION', 'SHORT TEXT'],
    languageColumns: ['DDLANGUAGE', 'LANGUAGE', 'LANGUAGE KEY', 'LANG.'],
    sapTable: 'DD02T',
  },
  tcode: {
    kind: 'tcode',
    pk: keys.masterTcode,
    idField: 'tcodeId',
    auditType: 'master_tcode',
    idColumns: ['TCODE', 'TRANSACTION CODE', 'TRANSACTION'],
    textColumns: ['TTEXT', 'DESCRIPTION', 'TRANSACTION TEXT', 'SHORT TEXT'],
    languageColumns: ['SPRSL', 'LANGUAGE', 'LANGUAGE KEY', 'LANG.'],
    sapTable: 'TSTCT',
  },
};

/** A master entry as stored: pk = list, sk = SAP name. */
export interface MasterItem {
  pk: string;
  sk: string;
  description: string;
}
