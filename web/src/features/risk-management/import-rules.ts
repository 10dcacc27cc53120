/** Checks and messages of the risk-list import (spec sections 5 and 8). */

/** Errors listed before the rest are summarised. */
export const SHOWN_IMPORT_ERRORS = 5;
/** Refused before uploading: the server's limit for one list file (the upload target bounds it too). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** The message for a chosen file that cannot be imported, or undefined when it can. */
export function checkImportFile(file: { name: string; size: number } | null | undefined): string | undefined {
  if (!file) return 'Please select a file to import';
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Please select a CSV or XLSX file';
  if (file.size > MAX_IMPORT_BYTES) return 'The file is too large (max 20 MB)';
  return undefined;
}

/**
 * The first five errors, then '... and N more errors' for the rest.
 *
 * @example summariseImportErrors(['a','b','c','d','e','f','g']) // ['a','b','c','d','e','... and 2 more errors']
 */
export function summariseImportErrors(errors: string[]): string[] {
  if (errors.length <= SHOWN_IMPORT_ERRORS) return errors;
  const rest = errors.length - SHOWN_IMPORT_ERRORS;
  return [...errors.slice(0, SHOWN_IMPORT_ERRORS), `... and ${rest} more error${rest === 1 ? '' : 's'}`];
}
