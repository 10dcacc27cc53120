import { Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { HEATMAP_MODULES, heatLevel, type HeatLevel } from './aggregate.ts';

const CELL_BG: Record<HeatLevel, string> = {
  none: 'var(--mantine-color-default-border)',
  low: 'var(--mantine-color-green-3)',
  'medium-low': 'var(--mantine-color-yellow-4)',
  medium: 'var(--mantine-color-orange-5)',
  high: 'var(--mantine-color-red-7)',
};
const LEGEND: [string, HeatLevel][] = [
  ['None', 'none'],
  ['Low', 'low'],
  ['Medium', 'medium'],
  ['High', 'high'],
];

/** Module × hour grid as a real table, so screen readers get the numbers too. */
export function ModuleHeatmap({ data }: { data: Record<string, number[]> }) {
  const hours = Array.from({ length: 24 }, (_, h) => h);
  return (
    <div>
      <Table.ScrollContainer minWidth={720}>
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={2} style={{ tableLayout: 'fixed' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>
                <VisuallyHidden>Module</VisuallyHidden>
              </Table.Th>
              {hours.map((h) => (
                <Table.Th key={h} style={{ fontSize: 10, textAlign: 'center' }}>
                  {String(h).padStart(2, '0')}
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
                  return (
                    <Tooltip key={h} label={`${m} ${String(h).padStart(2, '0')}:00 – ${n} records`}>
                      <Table.Td
                        style={{ background: CELL_BG[heatLevel(n)], height: 22, borderRadius: 3 }}
                        data-level={heatLevel(n)}
                        aria-label={`${n} records`}
                      />
                    </Tooltip>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="md" mt="xs" aria-label="Legend">
        {LEGEND.map(([label, level]) => (
          <Group key={label} gap={4}>
            <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: CELL_BG[level] }} aria-hidden />
            <Text size="xs">{label}</Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
