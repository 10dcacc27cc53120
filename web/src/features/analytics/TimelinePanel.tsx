import { lazy, Suspense, useState } from 'react';
import { Center, Group, Loader, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../../lib/phone.ts';
import type { TimelinePoint } from './aggregate.ts';
import { choosePeriod, dataPeriod, describePeriod, pointsIn, type Period, type PeriodChoice } from './timeline-period.ts';

const TimelineChart = lazy(() => import('./TimelineChart.tsx'));

const CHOICES: { value: PeriodChoice; label: string }[] = [
  { value: 'all', label: 'Whole period' },
  { value: 'last30', label: 'Last 30 days of the data' },
  { value: 'custom', label: 'Custom' },
];

/** The timeline over the period of the records analysed, with a range picker and the period in words. */
export function TimelinePanel({ points }: { points: TimelinePoint[] }) {
  const [choice, setChoice] = useState<PeriodChoice>('all');
  const [custom, setCustom] = useState<Partial<Period>>({});
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const data = dataPeriod(points);
  if (!data) return null;
  const period = choosePeriod(choice, data, custom);
  const shown = pointsIn(points, period);
  const any = shown.some((p) => p.failedLogins || p.highRisk || p.dataModifications);
  return (
    <div>
      <Group justify="space-between" align="flex-end" gap="sm" mb="xs">
        {/* 390 px: the three choices stacked full width, so Custom is never cut off. */}
        <SegmentedControl size="xs" value={choice} onChange={(v) => setChoice(v as PeriodChoice)} data={CHOICES} aria-label="Timeline period" orientation={phone ? 'vertical' : 'horizontal'} fullWidth={phone} w={phone ? '100%' : undefined} />
        {choice === 'custom' && (
          <Group gap="xs" w={phone ? '100%' : undefined} wrap={phone ? 'nowrap' : undefined}>
            <TextInput type="date" size="xs" label="From" value={period.from} min={data.from} max={data.to} onChange={(e) => setCustom((c) => ({ ...c, from: e.currentTarget.value }))} style={phone ? { flex: 1, minWidth: 0 } : undefined} />
            <TextInput type="date" size="xs" label="To" value={period.to} min={data.from} max={data.to} onChange={(e) => setCustom((c) => ({ ...c, to: e.currentTarget.value }))} style={phone ? { flex: 1, minWidth: 0 } : undefined} />
          </Group>
        )}
      </Group>
      <Text size="sm" data-testid="timeline-period">
        Showing {describePeriod(period)}. The data analysed covers {describePeriod(data)}.
      </Text>
      {any ? (
        <Suspense fallback={<Center h={300}><Loader /></Center>}>
          <TimelineChart points={shown} />
        </Suspense>
      ) : (
        <Center h={160}>
          <Text c="dimmed">No security events in this period.</Text>
        </Center>
      )}
    </div>
  );
}
