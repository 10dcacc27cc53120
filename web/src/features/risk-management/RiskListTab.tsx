/** One administrators' list (tables or transaction codes): search, category filter, table, add/edit/delete. */
import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../lib/notify.ts';
import { AdminListTab } from './AdminListTab.tsx';
import { categoriesQuery, riskListQuery, useDeleteRiskItem } from './risk-api.ts';
import { RISK_TOAST, removeConfirmText, riskItemId, type RiskItem, type RiskKindInfo } from './risk-kinds.ts';
import { RiskItemModal } from './RiskItemModal.tsx';
import { filterRiskItems } from './search-rule.ts';

export function RiskListTab({ info }: { info: RiskKindInfo }) {
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState({ search: '', category: '' });
  const [editing, setEditing] = useState<{ item?: RiskItem } | null>(null);
  const list = useQuery(riskListQuery(info.kind, applied.search, applied.category));
  const categories = useQuery(categoriesQuery);
  const remove = useDeleteRiskItem(info);

  useEffect(() => {
    if (list.isError) notify.error(info.loadFailed, RISK_TOAST);
  }, [list.isError, info.loadFailed]);

  // The server filters by the applied search; typing narrows the shown rows at once by the same rule.
  const rows = filterRiskItems(info, list.data ?? [], typed, applied.category);
  const applySearch = () => setApplied((a) => ({ ...a, search: typed.trim() }));

  return (
    <AdminListTab
      label={info.tabLabel}
      rows={rows}
      loading={list.isLoading}
      emptyText={info.emptyText}
      idOf={(item) => riskItemId(info, item)}
      columns={[{ header: 'Category', cell: (item) => item.category }]}
      search={typed}
      onSearch={setTyped}
      onSearchEnter={applySearch}
      filter={{
        label: 'Category',
        ariaLabel: `Category filter for ${info.tabLabel}`,
        data: [{ value: '', label: 'All Categories' }, ...(categories.data ?? []).map((c) => ({ value: c, label: c }))],
        value: applied.category,
        onChange: (category) => setApplied((a) => ({ ...a, category })),
      }}
      actions={
        <Button variant="default" leftSection={<IconFilter size={16} />} onClick={applySearch}>
          Filter
        </Button>
      }
      addLabel={info.addLabel}
      onAdd={() => setEditing({})}
      onEdit={(item) => setEditing({ item })}
      remove={{
        run: (id) => remove.mutateAsync(id),
        busy: remove.isPending,
        confirmText: (id) => removeConfirmText(info, id),
        removedText: () => info.removed,
        failedText: info.deleteFailed,
      }}
      pagingKey={`${typed}|${applied.search}|${applied.category}`}
    >
      <RiskItemModal info={info} opened={editing !== null} item={editing?.item} categories={categories.data ?? []} onClose={() => setEditing(null)} />
    </AdminListTab>
  );
}
