/**
 * Add/Edit modal of a high-risk table or transaction code: ID with master-list autocomplete
 * (locked when editing), read-only description, category select with "add new category".
 */
import { useEffect, useState } from 'react';
import { Autocomplete, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notify } from '../../lib/notify.ts';
import { errorMessage } from '../../api/api-error.ts';
import { useSaveRiskItem } from './risk-api.ts';
import { RISK_TOAST, riskItemId, type RiskItem, type RiskKindInfo } from './risk-kinds.ts';
import { useMasterSearch } from './use-master-search.ts';
import { chosenCategory, validateRiskItem, type RiskItemErrors, type RiskItemForm } from './validate-risk-item.ts';

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
  const [form, setForm] = useState<RiskItemForm>(() => initialForm(info, item));
  const [errors, setErrors] = useState<RiskItemErrors>({});
  const save = useSaveRiskItem(info);
  const search = useMasterSearch(info, form.id, opened && !editing);

  // Each opening starts from the item (or an empty form).
  useEffect(() => {
    if (opened) {
      setForm(initialForm(info, item));
      setErrors({});
    }
  }, [opened, info, item]);

  // A typed ID that exactly matches a suggestion takes its description.
  useEffect(() => {
    if (editing) return;
    const match = search.results.find((r) => (r[info.idField] ?? '') === form.id.trim());
    if (match && match.description !== form.description) setForm((f) => ({ ...f, description: match.description }));
  }, [search.results, form.id, form.description, editing, info.idField]);

  const update = (patch: Partial<RiskItemForm>) => setForm((f) => ({ ...f, ...patch }));

  // A shown error follows the form: it goes as soon as the field is fixed (and never appears before a submit).
  useEffect(() => {
    setErrors((shown) => {
      if (!shown.id && !shown.category) return shown;
      const now = validateRiskItem(info, form);
      const next: RiskItemErrors = {};
      if (shown.id && now.id) next.id = now.id;
      if (shown.category && now.category) next.category = now.category;
      return next.id === shown.id && next.category === shown.category ? shown : next;
    });
  }, [form, info]);

  const submit = async () => {
    const found = validateRiskItem(info, form);
    setErrors(found);
    if (found.id || found.category) return;
    const id = form.id.trim().toUpperCase();
    try {
      await save.mutateAsync({ mode: editing ? 'edit' : 'add', id, category: chosenCategory(form), description: form.description });
      notify.success(editing ? info.updated : info.added, RISK_TOAST);
      onClose();
    } catch (err) {
      notify.error(errorMessage(err, info.saveFailed), RISK_TOAST);
    }
  };

  const categoryOptions = [
    ...categories.map((c) => ({ value: c, label: c })),
    { value: NEW_CATEGORY, label: '+ Add new category' },
  ];

  return (
    <Modal opened={opened} onClose={onClose} title={`${editing ? 'Edit' : 'Add'} ${info.idLabel}`} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
