/** One rule of the catalogue (DETECTION.md section 5): every flag reason and pattern comes from one. */
export interface RuleDefinition {
  /** Stable id, e.g. SAL-AUDIT-OFF, CD-BANK-KEY, PAT-BRUTE-FORCE-SUCCESS. */
  id: string;
  title: string;
  severity: 'critical' | 'high' | 'medium' | 'low';
  kind: 'flag' | 'pattern';
  /** Flag key the rule's reason is written to (kind 'flag'). */
  flag?: string;
  /** OTHER category (flag OTHER only). */
  category?: string;
  /** Pattern name (kind 'pattern'). */
  pattern?: string;
  /** What a finding of the rule means, in one sentence (patterns: shown beside each finding). */
  summary?: string;
  /** The data the rule reads. */
  reads: string;
  /** What an auditor should check next. */
  nextSteps: string;
  /** Name of the Microsoft Sentinel SAP analytics rule it corresponds to, where one exists. */
  sentinel?: string;
}
