import { Group, Pagination, Text } from '@mantine/core';
import type { usePaging } from './use-paging.ts';

type Paging = Pick<ReturnType<typeof usePaging>, 'page' | 'setPage' | 'pages' | 'range'>;

/** 'Showing 51–100 of 149' and the page buttons under a paged list; nothing when it fits on one page. */
export function PagingFooter({ paging, label, rangeTestId, withGap = false }: { paging: Paging; label: string; rangeTestId?: string; withGap?: boolean }) {
  if (paging.pages <= 1) return null;
  return (
    <Group justify="space-between" mt={withGap ? 'sm' : undefined}>
      <Text size="sm" c="dimmed" data-testid={rangeTestId}>
        Showing {paging.range}
      </Text>
      <Pagination
        total={paging.pages}
        value={paging.page}
        onChange={paging.setPage}
        size="sm"
        aria-label={label}
        getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
        getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
      />
    </Group>
  );
}
