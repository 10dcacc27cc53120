/** Previous/Next paging over a server list that answers a `nextCursor` with each page. */
import { type ReactNode, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';

/**
 * The cursors of the pages passed so far: the last one asks for the current page.
 * @example const pages = useCursorPages(); useQuery(listQuery({ cursor: pages.cursor }))
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    /** The cursor of the current page; undefined on the first. */
    cursor: cursors.at(-1),
    /** How many pages lie before the current one. */
    depth: cursors.length,
    back: () => setCursors((c) => c.slice(0, -1)),
    forward: (next: string) => setCursors((c) => [...c, next]),
    /** Back to the first page (a filter changed). */
    reset: () => setCursors([]),
  };
}

/** The summary line with Previous and Next under a cursor-paged list. */
export function CursorPager({ pages, nextCursor, summary, withGap = false }: { pages: ReturnType<typeof useCursorPages>; nextCursor?: string | null; summary: ReactNode; withGap?: boolean }) {
  return (
    <Group justify="space-between" mt={withGap ? 'sm' : undefined}>
      <Text size="xs" c="dimmed">
        {summary}
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" disabled={pages.depth === 0} onClick={pages.back}>
          Previous
        </Button>
        <Button size="xs" variant="default" disabled={!nextCursor} onClick={() => nextCursor && pages.forward(nextCursor)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
