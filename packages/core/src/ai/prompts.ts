/**
 * Default prompts and global-prompt templates. Placeholders `{column_name}` are filled from each
 * record (see render.ts). Shared by the settings panel (web) and the annotate step (server).
 */
export const PROMPT_FILE_TYPES = ['SYSAID', 'SM20', 'CDHDR', 'CDPOS', 'DEFAULT'] as const;
export type PromptFileType = (typeof PROMPT_FILE_TYPES)[number];

export const PROMPT_MAX_LENGTH = 2000;
export const PROMPT_WARN_LENGTH = 1800;

/** Columns each default prompt reads (spec section 3); the panel shows them as target columns. */
export const DEFAULT_TARGET_COLUMNS: Record<PromptFileType, string[]> = {
  SM20: ['User', 'TCode', 'Date', 'Time', 'Terminal', 'MESSAGE_TEXT'],
  CDHDR: ['USERNAME', 'TCODE', 'OBJECTCLAS', 'UDATE', 'UTIME'],
  CDPOS: ['TABNAME', 'FNAME', 'CHNGIND', 'VALUE_OLD', 'VALUE_NEW'],
  SYSAID: ['Request time', 'Close time', 'Title', 'Description'],
  DEFAULT: [],
};

export const DEFAULT_FILE_TYPE_PROMPTS: Record<PromptFileType, string> = {
  SM20:
    'Security audit log event: user {User} ran transaction {TCode} on {Date} at {Time} from terminal {Terminal}. Message: {MESSAGE_TEXT}. Explain the security risk of this event and what an auditor should check.',
  CDHDR:
    'Change document header: user {USERNAME} changed object class {OBJECTCLAS} with transaction {TCODE} on {UDATE} at {UTIME}. Assess whether this change is risky and why.',
  CDPOS:
    'Change document item: table {TABNAME}, field {FNAME}, change indicator {CHNGIND}, old value {VALUE_OLD}, new value {VALUE_NEW}. Assess the business and security impact of this field change.',
  SYSAID:
    'Helpdesk ticket requested {Request time}, closed {Close time}: "{Title}". {Description}. Does this ticket justify privileged or change activity in SAP? Say what it authorises.',
  DEFAULT: 'Review this flagged SAP audit record and explain in one or two sentences why it may matter to an auditor.',
};

export const PROMPT_TEMPLATES = ['security', 'compliance', 'anomaly', 'custom'] as const;
export type PromptTemplate = (typeof PROMPT_TEMPLATES)[number];

export const GLOBAL_PROMPT_TEMPLATES: Record<PromptTemplate, string> = {
  security:
    'You are assisting an SAP security auditor. For each flagged record, state the most likely security risk (e.g. privilege misuse, debugging in production, unauthorised table change) and the next check to perform.',
  compliance:
    'You are assisting an SAP compliance reviewer. For each flagged record, state which control it may breach (segregation of duties, change management, access management, financial reporting) and what evidence would close the finding.',
  anomaly:
    'You are assisting an analyst looking for unusual SAP activity. For each flagged record, say what makes it unusual (time, volume, user, object) and how likely it is to be benign.',
  custom: '',
};

export const DEFAULT_OUTPUT_COLUMN = 'AI_Analysis';

/** Maps an analyzer file type to the prompt key used for it. */
export function promptKeyForFileType(fileType: string): PromptFileType {
  if (fileType === 'TICKETS') return 'SYSAID';
  return (PROMPT_FILE_TYPES as readonly string[]).includes(fileType) ? (fileType as PromptFileType) : 'DEFAULT';
}
