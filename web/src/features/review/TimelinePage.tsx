import { Alert, Badge, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../../lib/phone.ts';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { CursorPager, useCursorPages } from '../../lib/CursorPager.tsx';
import { shortId } from '../../lib/format.ts';
import { patternMeaning } from '../results/pattern-meanings.ts';
import { useOptionalResult } from '../results/result-context.ts';
import type { AnalysisSettings } from '../results/threshold-texts.ts';
import { timelineQuery, type TimelineEntry } from './review-api.ts';

const route = getRouteApi('/_app/results/$analysisId/timeline');
const TYPES = ['SM20', 'CDHDR', 'CDPOS', 'TICKETS', 'PATTERN'];

export function TimelineRoute() {
  const { analysisId } = route.useParams();
  const { user } = route.useSearch();
  return <TimelinePage analysisId={analysisId} user={user} />;
}

const norm = (k: string) => k.toUpperCase().replace(/\s*\(CANONICAL\)$/, '').replace(/[^A-Z0-9]/g, '');
const ITEM_KEYS = {
  table: ['TABNAME', 'TABLE', 'TABLENAME'],
  field: ['FNAME', 'FIELD', 'FIELDNAME'],
  old: ['VALUEOLD', 'OLDVALUE', 'VALOLD'],
  new: ['VALUENEW', 'NEWVALUE', 'VALNEW'],
} as const;

/** A change-document item in words: "table, field: old → new" (every cell when the export names its columns otherwise). */
export function itemText(item: Record<string, string>): string {
  const pick = (names: readonly string[]) => {
    for (const [k, v] of Object.entries(item)) if (names.includes(norm(k)) && v !== undefined && v !== '') return v;
    return undefined;
  };
  const table = pick(ITEM_KEYS.table);
  const field = pick(ITEM_KEYS.field);
  const before = pick(ITEM_KEYS.old);
  const after = pick(ITEM_KEYS.new);
  if (!table && !field) {
    return Object.entries(item)
      .filter(([, v]) => v)
      .slice(0, 6)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  }
  const where = [table, field].filter(Boolean).join(', ');
  return before !== undefined || after !== undefined ? `${where}: ${before ?? '(empty)'} → ${after ?? '(empty)'}` : where;
}

/**
 * A pattern entry in the words of the analysis's thresholds (issue 27): "5 or more failed logons
 * within 10 minutes: …" and its explanation, from the settings the analysis ran with; other
 * entries as the server summarised them.
 */
export function patternEntryText(e: TimelineEntry, settings: AnalysisSettings | null | undefined): { summary: string; explanation?: string } {
  const rule = e.type === 'PATTERN' ? e.record.rule : undefined;
  if (!rule?.startsWith('PAT-')) return { summary: e.summary };
  const meaning = patternMeaning(rule.slice(4).replace(/-/g, '_'), settings);
  return { summary: e.record.activity ? `${meaning.title}: ${e.record.activity}` : meaning.title, explanation: meaning.explanation };
}

function EntryDetails({ e }: { e: TimelineEntry }) {
  const text = patternEntryText(e, useOptionalResult()?.settings);
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {text.summary}
      </Text>
      {text.explanation && (
        <Text size="xs" c="dimmed" data-testid="pattern-explanation">
          {text.explanation}
        </Text>
      )}
      {e.until && (
        <Text size="xs" c="dimmed">
          covers until {e.until}
        </Text>
      )}
      {e.itemCount ? (
        <div>
          <Text size="xs" c="dimmed">
            {e.itemCount} {e.itemCount === 1 ? 'item' : 'items'}
            {e.itemCount > (e.items?.length ?? 0) ? ` (the first ${e.items?.length ?? 0} shown)` : ''}:
          </Text>
          {(e.items ?? []).map((i, k) => (
            <Text key={k} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {itemText(i)}
            </Text>
          ))}
        </div>
      ) : null}
      {e.file && (
        <Text size="xs" c="dimmed">
          {e.file}
        </Text>
      )}
    </>
  );
}

function EntryMarks({ e }: { e: TimelineEntry }) {
  return (
    <Group gap={4}>
      {e.patterns.map((p) => (
        <Badge key={p} color="red.9" autoContrast>
          {p}
        </Badge>
      ))}
      {e.flags.map((f) => (
        <Badge key={f.flag} color="orange.4" autoContrast title={f.reason}>
          {f.flag.replace(/_FLAG$/, '').replace(/_/g, ' ')}
        </Badge>
      ))}
    </Group>
  );
}

/** 390 px: one card per entry, time and type first, then the activity and its flags (none cut off). */
function EntryCard({ e }: { e: TimelineEntry }) {
  return (
    <Card component="li" withBorder padding="xs" data-type={e.type} data-testid="timeline-card">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {e.time || '-'}
        </Text>
        <Badge variant="outline" color="dark">
          {e.type}
        </Badge>
      </Group>
      <EntryDetails e={e} />
      {(e.patterns.length > 0 || e.flags.length > 0) && (
        <div style={{ marginTop: 4 }}>
          <EntryMarks e={e} />
        </div>
      )}
    </Card>
  );
}

function EntryRow({ e }: { e: TimelineEntry }) {
  return (
    <Table.Tr data-type={e.type}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.time || '-'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge variant="outline" color="dark">
          {e.type}
        </Badge>
      </Table.Td>
      <Table.Td>
        <EntryDetails e={e} />
      </Table.Td>
      <Table.Td>
        <EntryMarks e={e} />
      </Table.Td>
    </Table.Tr>
  );
}

/** One user's activity across all files of an analysis, a page at a time (issue 17). */
export function TimelinePage({ analysisId, user }: { analysisId: string; user: string }) {
  const [day, setDay] = useState('');
  const [type, setType] = useState('');
  const pages = useCursorPages();
  const page = useQuery({
    ...timelineQuery(analysisId, { user, day, type, cursor: pages.cursor }),
    placeholderData: keepPreviousData,
  });
  const data = page.data;
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const reset = (set: (v: string) => void) => (v: string | null) => {
    set(v ?? '');
    pages.reset();
  };
  return (
    <Stack gap="lg">
      <Title order={2}>Timeline of {user}</Title>
      <Text c="dimmed" size="sm">
        Analysis {shortId(analysisId)}: the user&apos;s SM20 events, change documents with their items, tickets naming the user and the user&apos;s patterns, in time order.
      </Text>
      <Card withBorder>
        <Group gap="xs" mb="sm">
          <Select aria-label="Filter by day" w={phone ? '100%' : 200} allowDeselect={false} value={day} onChange={reset(setDay)} data={[{ value: '', label: 'All days' }, ...(data?.days ?? []).map((d) => ({ value: d.day, label: `${d.day} (${d.count})` }))]} />
          <Select aria-label="Filter by file type" w={phone ? '100%' : 170} allowDeselect={false} value={type} onChange={reset(setType)} data={[{ value: '', label: 'All types' }, ...TYPES.map((t) => ({ value: t, label: `${t} (${data?.types[t as keyof typeof data.types] ?? 0})` }))]} />
        </Group>
        {page.isError && <Alert color="red">{page.error.message}</Alert>}
        {!data && !page.isError && <Text c="dimmed">Reading the analysis for {user}…</Text>}
        {data && data.matched === 0 && <Text c="dimmed">No activity of {user} here.</Text>}
        {data && data.matched > 0 && phone && (
          <Stack gap="xs" component="ul" aria-label="Timeline" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.entries.map((e, i) => (
              <EntryCard key={`${pages.depth}-${i}`} e={e} />
            ))}
          </Stack>
        )}
        {data && data.matched > 0 && !phone && (
          <Table.ScrollContainer minWidth={800} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Timeline, scrollable' } }}>
            <Table striped withTableBorder aria-label="Timeline">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Activity</Table.Th>
                  <Table.Th>Flags and patterns</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((e, i) => (
                  <EntryRow key={`${pages.depth}-${i}`} e={e} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && (
          <CursorPager
            pages={pages}
            nextCursor={data.nextCursor}
            summary={`${data.matched} of ${data.total} entries${data.truncated ? ' (the timeline stops at 20,000 entries)' : ''}`}
            withGap
          />
        )}
      </Card>
    </Stack>
  );
}
