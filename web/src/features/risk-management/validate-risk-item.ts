import type { RiskKindInfo } from './risk-kinds.ts';

export interface RiskItemForm {
  id: string;
  category: string;
  /** Set when the user chose to add a new category and typed it. */
  newCategory: string;
  addingCategory: boolean;
  description: string;
}

export type RiskItemErrors = Partial<Record<'id' | 'category', string>>;

/** SAP object names: letters, digits, _ / - . up to 30 characters (the server checks the same). */
const SAP_ID = /^[A-Z0-9_/][A-Z0-9_/.-]{0,29}$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The category the form will save: the typed new one or the chosen one. */
export function chosenCategory(form: RiskItemForm): string {
  return (form.addingCategory ? form.newCategory : form.category).trim();
}

/** Field errors of the add/edit modal (spec section 5); empty when the form can be saved. */
export function validateRiskItem(info: RiskKindInfo, form: RiskItemForm): RiskItemErrors {
  const errors: RiskItemErrors = {};
  const id = form.id.trim().toUpperCase();
  if (!id) errors.id = info.requiredText;
  else if (!SAP_ID.test(id)) errors.id = `${info.idLabel} must be an SAP name of up to 30 characters (letters, digits, _ / - .)`;
  const category = chosenCategory(form);
  if (!category) errors.category = 'Category is required';
  else if (category.length > 60 || CONTROL.test(category)) errors.category = 'Category must be 1-60 printable characters';
  return errors;
}
