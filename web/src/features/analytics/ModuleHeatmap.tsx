import { Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatNumber } from '../../lib/format.ts';
import { HEATMAP_MODULES, type HeatLevel } from './aggregate.ts';
import { heatLegend, heatScale } from './heat-scale.ts';

const CELL_BG: Record<HeatLevel, string> = {
  none: 'var(--mantine-color-default-border)',
  low: 'var(--mantine-color-green-3)',
  'medium-low': 'var(--mantine-color-yellow-4)',
  medium: 'var(--mantine-color-orange-5)',
  high: 'var(--mantine-color-red-7)',
};

const hh = (h: number) => String(h).padStart(2, '0');

/** Module × hour grid as a real table (screen readers get the numbers); colours by the data's own quartiles. */
export function ModuleHeatmap({ data }: { data: Record<string, number[]> }) {
  const hours = Array.from({ length: 24 }, (_, h) => h);
  const counts = HEATMAP_MODULES.flatMap((m) => data[m] ?? []);
  const scale = heatScale(counts);
  const legend = heatLegend(scale, counts);
  return (
    <div>
      <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Module activity heatmap, scrollable' } }}>
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={2} style={{ tableLayout: 'fixed' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>
                <VisuallyHidden>Module</VisuallyHidden>
              </Table.Th>
              {hours.map((h) => (
                <Table.Th key={h} style={{ fontSize: 10, textAlign: 'center' }}>
                  {hh(h)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {HEATMAP_MODULES.map((m) => (
              <Table.Tr key={m}>
                <Table.Th scope="row" style={{ fontSize: 12 }}>
                  {m}
                </Table.Th>
                {hours.map((h) => {
                  const n = data[m]?.[h] ?? 0;
                  const label = `${m} ${hh(h)}:00–${hh(h)}:59: ${formatNumber(n)} records`;
                  return (
                    <Tooltip key={h} label={label}>
                      <Table.Td style={{ background: CELL_BG[scale.levelOf(n)], height: 22, borderRadius: 3 }} data-level={scale.levelOf(n)} data-count={n} aria-label={label} title={label} />
                    </Tooltip>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="md" mt="xs" aria-label="Legend">
        {legend.map(([label, level]) => (
          <Group key={level} gap={4}>
            <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: CELL_BG[level] }} aria-hidden />
            <Text size="xs">{label}</Text>
          </Group>
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Colours follow the quartiles of these counts; hover a cell for its number.
      </Text>
    </div>
  );
}
