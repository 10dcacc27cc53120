/**
 * What an SAP object name and a risk category may look like. IDs are upper-cased before they
 * are checked, so `su01` and `SU01` are the same item; namespaces (`/IWFND/MAINT_SERVICE`),
 * FI hyphen codes (`F-02`) and dotted codes (`F.13`) are valid, control characters never.
 */
import { z } from 'zod';

export const SAP_ID_PATTERN = /^[A-Z0-9_/][A-Z0-9_/.-]{0,29}$/;
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

export const ID_RULE = 'an SAP name of 1-30 characters: letters, digits, _ / - . (not starting with - or .)';
export const CATEGORY_RULE = 'a category of 1-60 printable characters';

/** Upper-cases and trims a raw ID; returns undefined when it is not SAP-shaped. */
export function normaliseSapId(raw: string): string | undefined {
  const id = raw.trim().toUpperCase();
  return SAP_ID_PATTERN.test(id) ? id : undefined;
}

export function isValidCategory(category: string): boolean {
  return category.length >= 1 && category.length <= 60 && !CONTROL_CHARS.test(category);
}

export function hasControlChars(text: string): boolean {
  return CONTROL_CHARS.test(text);
}

/** Shows an offending value safely and briefly in an error message. */
export function printable(value: string): string {
  const clean = value.replace(new RegExp(CONTROL_CHARS.source, 'g'), '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

export const sapIdSchema = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => SAP_ID_PATTERN.test(s), { message: `must be ${ID_RULE}` });

export const categorySchema = z
  .string()
  .trim()
  .refine(isValidCategory, { message: `must be ${CATEGORY_RULE}` });

export const descriptionSchema = z
  .string()
  .trim()
  .max(255, 'must be at most 255 characters')
  .refine((s) => !hasControlChars(s), { message: 'must not contain control characters' });
