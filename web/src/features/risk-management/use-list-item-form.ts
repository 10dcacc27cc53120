import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { notify } from '../../lib/notify.ts';
import { RISK_TOAST } from './risk-kinds.ts';

/** Field errors by field name; a field without a problem is absent (or undefined). */
export type FieldErrors = Partial<Record<string, string | undefined>>;

interface ListItemFormOptions<F> {
  opened: boolean;
  /** The form each opening starts from (the item being edited, or an empty one). */
  initial: () => F;
  validate: (form: F) => FieldErrors;
  save: (form: F) => Promise<unknown>;
  /** The toast after a save. */
  savedText: (form: F) => string;
  /** The toast when the server gives no message of its own. */
  failedText: string;
  onClose: () => void;
}

/** The errors still shown: only those shown before, with their current text, and gone once fixed. */
function stillShown(shown: FieldErrors, now: FieldErrors): FieldErrors {
  const next: FieldErrors = {};
  for (const [field, message] of Object.entries(shown)) if (message && now[field]) next[field] = now[field];
  const same = Object.keys(next).length === Object.values(shown).filter(Boolean).length && Object.keys(next).every((f) => next[f] === shown[f]);
  return same ? shown : next;
}

/**
 * State of an add/edit dialog of an administrators' list: the form, reset at each opening; errors
 * shown on submit that go as soon as their field is fixed (never before a submit); the save with
 * its toasts, closing on success.
 */
export function useListItemForm<F>({ opened, initial, validate, save, savedText, failedText, onClose }: ListItemFormOptions<F>) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [wasOpen, setWasOpen] = useState(opened);

  // Each opening starts afresh from the item it opens with (state adjusted while rendering, so the
  // first frame of the dialog already shows it).
  if (opened !== wasOpen) {
    setWasOpen(opened);
    if (opened) {
      setForm(initial());
      setErrors({});
    }
  }

  // `validate` should be stable (useCallback); a new one only re-checks, which changes nothing when nothing changed.
  useEffect(() => {
    setErrors((shown) => stillShown(shown, validate(form)));
  }, [form, validate]);

  const submit = async () => {
    const found = validate(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await save(form);
      notify.success(savedText(form), RISK_TOAST);
      onClose();
    } catch (err) {
      notify.error(errorMessage(err, failedText), RISK_TOAST);
    }
  };

  const update = useCallback((patch: Partial<F>) => setForm((f) => ({ ...f, ...patch })), []);
  return { form, errors, update, submit };
}
