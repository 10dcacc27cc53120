/** "What does this flag mean?" texts (spec section 9, DETECTION.md section 2). */
export const FLAG_MEANINGS: Record<string, { meaning: string; severity: string }> = {
  DEBUG_FLAG: {
    meaning: 'Debugging or code modification: debugger sessions (field changes in the debugger), dynamic ABAP code, or code edits.',
    severity: 'High',
  },
  TABLE_MAINT_FLAG: {
    meaning: 'Direct table maintenance through SM30, SM31, SM34, SE16, SE16N or SE17, or generic table access that changes data.',
    severity: 'Medium-high',
  },
  HIGH_RISK_TCODE_FLAG: {
    meaning: 'A high-risk transaction code was used, for example SU01 (user maintenance) or PFCG (role maintenance).',
    severity: 'High',
  },
  HIGH_RISK_TABLE_FLAG: { meaning: 'A table on the high-risk tables list was accessed or changed.', severity: 'High' },
  SENSITIVE_FIELD_FLAG: {
    meaning: 'A sensitive field changed, such as amounts (DMBTR, WRBTR, NETPR), bank data (BANKL, BANKN, IBAN), accounts (HKONT, KOSTL, PRCTR), quantities (MENGE, LFIMG) or master data keys (LIFNR, KUNNR, MATNR).',
    severity: 'High',
  },
  SENSITIVE_OBJECT_FLAG: {
    meaning: 'A change to a sensitive object such as accounting documents (BKPF, BSEG), materials, vendor or customer master data, users or profiles.',
    severity: 'High',
  },
  CHANGE_TIMING_FLAG: { meaning: 'A change made before 7 AM, after 7 PM, on a weekend or on a holiday.', severity: 'Medium' },
  CHANGE_VOLUME_FLAG: { meaning: 'The user made more than 50 changes on that day.', severity: 'Medium' },
  SENSITIVE_ACCESS_FLAG: {
    meaning: 'Reading sensitive data: displaying high-risk tables, downloads, or calls of sensitive function modules and programs.',
    severity: 'Medium',
  },
  OTHER: {
    meaning: 'Other activity worth a review, grouped into security, configuration, transport and job schedule categories.',
    severity: 'Variable',
  },
};

export function flagMeaning(flag: string): { meaning: string; severity: string } {
  return FLAG_MEANINGS[flag] ?? { meaning: 'A detection flag raised by the analyzer.', severity: 'Variable' };
}
