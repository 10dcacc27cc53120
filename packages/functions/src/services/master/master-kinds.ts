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

/**
 * Master entries are spread over many partitions: the list's key plus the first two characters of
 * the SAP name (`MASTER#TCODE#ZT`). One partition takes about 1,000 writes a second, so a
 * 400,000-row TSTCT export under one key needed 400 s or more; spread over the name prefixes
 * (hundreds in a real system) the writes run side by side. A search needs at least two
 * characters (master-search.ts), so it still reads exactly one partition.
 */
export function masterShard(id: string): string {
  return id.slice(0, 2);
}

export function masterPk(kind: MasterKind, id: string): string {
  return `${MASTER_KINDS[kind].pk}#${masterShard(id)}`;
}

/** The item listing a master list's shards (a string set), so counts can visit each partition. */
export function masterShardsKey(kind: MasterKind) {
  return { pk: 'MASTER#SHARDS', sk: kind };
}

/** A master entry as stored: pk = list + name prefix (masterPk), sk = SAP name. */
export interface MasterItem {
  pk: string;
  sk: string;
  description: string;
}
