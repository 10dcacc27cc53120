import { confirmAction } from './confirm.ts';
import { notify } from './notify.ts';

type Run = (action: () => Promise<void>, fallback: string) => Promise<void>;

export interface ConfirmedDeleteTexts {
  /** Confirm text for one item (spec 5). */
  confirmOne: string;
  /** Confirm text for the selection. */
  confirmMany: (n: number) => string;
  /** Alert when nothing is selected. */
  noneSelected: string;
  done: (n: number) => string;
  /** Fallback error text (spec 8). */
  failed: string;
}

/**
 * Delete one item or the selection after the spec's confirmation, one call per id, then clear the
 * selection and refresh the list. Shared by File Manager and Analysis History.
 */
export function useConfirmedDelete(opts: {
  run: Run;
  selection: { selected: string[]; clear(): void };
  remove: (id: string) => Promise<unknown>;
  afterRemove?: (ids: string[]) => void;
  refresh: () => Promise<unknown>;
  texts: ConfirmedDeleteTexts;
}) {
  const deleteIds = async (ids: string[]) => {
    await opts.run(async () => {
      for (const id of ids) await opts.remove(id);
      opts.afterRemove?.(ids);
      notify.success(opts.texts.done(ids.length));
      opts.selection.clear();
    }, opts.texts.failed);
    await opts.refresh();
  };
  const deleteOne = async (id: string) => {
    if (await confirmAction(opts.texts.confirmOne)) await deleteIds([id]);
  };
  const deleteSelected = async () => {
    const ids = opts.selection.selected;
    if (ids.length === 0) return void notify.warning(opts.texts.noneSelected);
    if (await confirmAction(opts.texts.confirmMany(ids.length))) await deleteIds(ids);
  };
  return { deleteOne, deleteSelected };
}
