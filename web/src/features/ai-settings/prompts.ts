/**
 * Default AI prompts, templates and prompt limits (product-spec sections 3 and 5).
 * Pure data and functions only, so the rules are testable without React.
 */

/** File types that can carry their own prompt, in the order the panel shows them. */
export const PROMPT_FILE_TYPES = ['SYSAID', 'SM20', 'CDHDR', 'CDPOS', 'DEFAULT'] as const;
export type PromptFileType = (typeof PROMPT_FILE_TYPES)[number];

/** Prompts longer than this are refused (spec section 5). */
export const PROMPT_MAX_LENGTH = 2000;
/** The character counter warns above this length. */
export const PROMPT_WARN_LENGTH = 1800;

export const DEFAULT_OUTPUT_COLUMN = 'AI_Analysis';

/** Columns the default prompts refer to, per file type (spec section 3). */
export const DEFAULT_TARGET_COLUMNS: Record<PromptFileType, string[]> = {
  SM20: ['User', 'TCode', 'Date', 'Time', 'Terminal', 'MESSAGE_TEXT'],
  CDHDR: ['USERNAME', 'TCODE', 'OBJECTCLAS', 'UDATE', 'UTIME'],
  CDPOS: ['TABNAME', 'FNAME', 'CHNGIND', 'VALUE_OLD', 'VALUE_NEW'],
  SYSAID: ['Request time', 'Close time', 'Title', 'Description'],
  DEFAULT: [],
};

export const DEFAULT_FILE_TYPE_PROMPTS: Record<PromptFileType, string> = {
  SM20:
    'Review this SAP Security Audit Log event. User {User} ran transaction {TCode} on {Date} at {Time} ' +
    'from terminal {Terminal}: "{MESSAGE_TEXT}". In one or two sentences, say whether this looks like a ' +
    'security risk (privileged access, debugging, user or role administration, unusual time) and why.',
  CDHDR:
    'Review this SAP change document header. User {USERNAME} used transaction {TCODE} to change object ' +
    'class {OBJECTCLAS} on {UDATE} at {UTIME}. In one or two sentences, say whether this change needs ' +
    'review (master data, authorisations, financial documents, unusual time) and why.',
  CDPOS:
    'Review this SAP change document item. In table {TABNAME}, field {FNAME} was changed (indicator ' +
    '{CHNGIND}) from "{VALUE_OLD}" to "{VALUE_NEW}". In one or two sentences, say whether this change is ' +
    'sensitive (bank details, amounts, authorisations, vendor or customer data) and why.',
  SYSAID:
    'Review this helpdesk ticket, requested {Request time} and closed {Close time}: "{Title}" - {Description}. ' +
    'In one or two sentences, say whether it documents an approval for privileged or sensitive SAP activity.',
  DEFAULT:
    'Review this flagged SAP audit record and explain in one or two sentences why it may be a security ' +
    'risk and what an auditor should check next.',
};

export const PROMPT_TEMPLATES = ['security', 'compliance', 'anomaly', 'custom'] as const;
export type PromptTemplate = (typeof PROMPT_TEMPLATES)[number];

export const PROMPT_TEMPLATE_LABELS: Record<PromptTemplate, string> = {
  security: 'Security review',
  compliance: 'Compliance check',
  anomaly: 'Anomaly detection',
  custom: 'Custom',
};

/** Global prompt text per template; custom starts empty (spec section 2). */
export const GLOBAL_PROMPT_TEMPLATES: Record<PromptTemplate, string> = {
  security:
    'You are an SAP security auditor. For each flagged record, state the main security risk in one short ' +
    'sentence (for example privileged access, debugging in production, user or role changes) and rate it ' +
    'High, Medium or Low.',
  compliance:
    'You are an SAP compliance reviewer. For each flagged record, say in one short sentence which control it ' +
    'may breach (segregation of duties, change management, access to sensitive data) and what evidence ' +
    'an auditor should request.',
  anomaly:
    'You are an analyst looking for unusual behaviour in SAP audit data. For each flagged record, say in one ' +
    'short sentence what is unusual about it (time, volume, user, transaction) compared with normal activity.',
  custom: '',
};

/** The template whose text equals `prompt`, or custom when the text was edited. */
export function templateForPrompt(prompt: string): PromptTemplate {
  const match = PROMPT_TEMPLATES.find((t) => t !== 'custom' && GLOBAL_PROMPT_TEMPLATES[t] === prompt);
  return match ?? 'custom';
}

/**
 * Column names referenced as `{column_name}` placeholders, in order of first use.
 * @example extractPlaceholders('User {User} ran {TCode} as {User}') // ['User', 'TCode']
 */
export function extractPlaceholders(prompt: string): string[] {
  const seen = new Set<string>();
  for (const match of prompt.matchAll(/\{([^{}\n]{1,100})\}/g)) {
    const name = match[1].trim();
    if (name) seen.add(name);
  }
  return [...seen];
}

export type PromptLengthState = 'ok' | 'warning' | 'over';

/** How the counter should look for a prompt of this length. */
export function promptLengthState(prompt: string): PromptLengthState {
  if (prompt.length > PROMPT_MAX_LENGTH) return 'over';
  if (prompt.length > PROMPT_WARN_LENGTH) return 'warning';
  return 'ok';
}
