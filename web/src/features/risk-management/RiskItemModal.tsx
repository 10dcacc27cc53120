/**
 * Add/Edit modal of a high-risk table or transaction code: ID with master-list autocomplete
 * (locked when editing), read-only description, category select with "add new category".
 */
import { useCallback, useEffect } from 'react';
import { Autocomplete, Select, Text, TextInput } from '@mantine/core';
import { ListItemDialog } from './ListItemDialog.tsx';
import { useSaveRiskItem } from './risk-api.ts';
import { riskItemId, type RiskItem, type RiskKindInfo } from './risk-kinds.ts';
import { useListItemForm } from './use-list-item-form.ts';
import { useMasterSearch } from './use-master-search.ts';
import { chosenCategory, validateRiskItem, type RiskItemForm } from './validate-risk-item.ts';

const NEW_CATEGORY = '__new__';

interface RiskItemModalProps {
  info: RiskKindInfo;
  opened: boolean;
  /** The item being edited; absent when adding. */
  item?: RiskItem;
  categories: string[];
  onClose: () => void;
}

function initialForm(info: RiskKindInfo, item?: RiskItem): RiskItemForm {
  return {
    id: item ? riskItemId(info, item) : '',
    category: item?.category ?? '',
    newCategory: '',
    addingCategory: false,
    description: item?.description ?? '',
  };
}

export function RiskItemModal({ info, opened, item, categories, onClose }: RiskItemModalProps) {
  const editing = Boolean(item);
  const save = useSaveRiskItem(info);
  const validate = useCallback((form: RiskItemForm) => validateRiskItem(info, form), [info]);
  const { form, errors, update, submit } = useListItemForm<RiskItemForm>({
    opened,
    initial: () => initialForm(info, item),
    validate,
    save: (f) =>
      save.mutateAsync({ mode: editing ? 'edit' : 'add', id: f.id.trim().toUpperCase(), category: chosenCategory(f), description: f.description }),
    savedText: () => (editing ? info.updated : info.added),
    failedText: info.saveFailed,
    onClose,
  });
  const search = useMasterSearch(info, form.id, opened && !editing);

  // A typed ID that exactly matches a suggestion takes its description.
  useEffect(() => {
    if (editing) return;
    const match = search.results.find((r) => (r[info.idField] ?? '') === form.id.trim());
    if (match && match.description !== form.description) update({ description: match.description });
  }, [search.results, form.id, form.description, editing, info.idField, update]);

  const categoryOptions = [
    ...categories.map((c) => ({ value: c, label: c })),
    { value: NEW_CATEGORY, label: '+ Add new category' },
  ];

  return (
    <ListItemDialog opened={opened} onClose={onClose} editing={editing} itemLabel={info.idLabel} busy={save.isPending} onSubmit={() => void submit()}>
      {editing ? (
        <TextInput label={info.idLabel} value={form.id} disabled readOnly description="The ID cannot be changed" />
      ) : (
        <Autocomplete
          label={info.idLabel}
          placeholder="Type at least 2 characters to search"
          value={form.id}
          data={search.results.map((r) => r[info.idField] ?? '').filter(Boolean)}
          filter={({ options }) => options}
          limit={20}
          maxLength={30}
          error={errors.id}
          data-autofocus
          onChange={(value) => update({ id: value.toUpperCase(), description: '' })}
          onOptionSubmit={(value) => {
            const match = search.results.find((r) => r[info.idField] === value);
            update({ id: value, description: match?.description ?? '' });
          }}
          renderOption={({ option }) => {
            const match = search.results.find((r) => r[info.idField] === option.value);
            return (
              <div>
                <Text size="sm" fw={500}>
                  {option.value}
                </Text>
                {match?.description && (
                  <Text size="xs" c="dimmed">
                    {match.description}
                  </Text>
                )}
              </div>
            );
          }}
        />
      )}
      <TextInput
        label="Description"
        value={form.description}
        readOnly
        placeholder="Filled from the SAP master list"
        description="Taken from the master list"
      />
      <Select
        label="Category"
        placeholder="Choose a category"
        data={categoryOptions}
        value={form.addingCategory ? NEW_CATEGORY : form.category || null}
        error={form.addingCategory ? undefined : errors.category}
        allowDeselect={false}
        onChange={(value) => update(value === NEW_CATEGORY ? { addingCategory: true } : { addingCategory: false, category: value ?? '' })}
      />
      {form.addingCategory && (
        <TextInput
          label="New category"
          placeholder="e.g. User Administration"
          maxLength={60}
          value={form.newCategory}
          error={errors.category}
          onChange={(e) => update({ newCategory: e.currentTarget.value })}
        />
      )}
    </ListItemDialog>
  );
}
