/**
 * Fills `{column_name}` placeholders from a record. Columns match exactly, then ignoring case
 * and punctuation ("MESSAGE_TEXT" finds "Message Text"), then through the analyzer's canonical
 * names ("User" finds USER, "MESSAGE_TEXT" finds MESSAGE).
 */
const CANONICAL_ALIASES: Record<string, string[]> = {
  messagetext: ['MESSAGE'],
  tcode: ['TCODE'],
  user: ['USER', 'USERNAME'],
  username: ['USERNAME', 'USER'],
  requesttime: ['REQUEST_TIME'],
  closetime: ['CLOSE_TIME'],
  title: ['TITLE'],
  description: ['DESCRIPTION'],
};

function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function lookupColumn(record: Record<string, string>, column: string): string | undefined {
  if (column in record) return record[column];
  const wanted = squash(column);
  for (const key of Object.keys(record)) if (squash(key) === wanted) return record[key];
  for (const alias of CANONICAL_ALIASES[wanted] ?? []) if (alias in record) return record[alias];
  return undefined;
}

/** Placeholders without a value become "(not available)", so the model never sees a raw brace. */
export function renderPrompt(template: string, record: Record<string, string>): string {
  return template.replace(/\{([^{}\n]{1,60})\}/g, (_m, name: string) => {
    const value = lookupColumn(record, name.trim());
    return value === undefined || value === '' ? '(not available)' : value;
  });
}

/** Placeholder names used by a template, in order of first use. */
export function placeholdersOf(template: string): string[] {
  const seen = new Set<string>();
  for (const m of template.matchAll(/\{([^{}\n]{1,60})\}/g)) seen.add(m[1].trim());
  return [...seen];
}
