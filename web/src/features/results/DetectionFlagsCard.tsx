import { useState } from 'react';
import { Badge, Card, SimpleGrid, Text, Tooltip, UnstyledButton, Group } from '@mantine/core';
import { formatNumber, prettifyFlag } from '../../lib/format.ts';
import { FlagDetailModal } from './FlagDetailModal.tsx';

export function flagTooltip(count: number): string {
  return count > 0 ? `Click to view ${count} records with this flag` : 'No records with this flag';
}

export function DetectionFlagsCard({ analysisId, flagCounts }: { analysisId: string; flagCounts: Record<string, number> }) {
  const [open, setOpen] = useState<string | null>(null);
  const flags = Object.entries(flagCounts);
  return (
    <Card withBorder component="section" aria-labelledby="flags-title">
      <Text id="flags-title" fw={600} size="lg" mb="sm">
        Detection Flags
      </Text>
      {flags.length === 0 ? (
        <Text c="dimmed">No flags were raised.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
          {flags.map(([flag, count]) => (
            <Tooltip key={flag} label={flagTooltip(count)}>
              <UnstyledButton
                onClick={() => count > 0 && setOpen(flag)}
                // aria-disabled, not disabled: a disabled button gets no hover, so its tooltip would never show.
                aria-disabled={count === 0}
                data-flag={flag}
                style={{ cursor: count > 0 ? 'pointer' : 'default' }}
              >
                <Card withBorder padding="xs" style={{ opacity: count > 0 ? 1 : 0.6 }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm">{prettifyFlag(flag)}</Text>
                    <Badge color={count > 0 ? 'red' : 'gray'} variant="light">
                      {formatNumber(count)}
                    </Badge>
                  </Group>
                </Card>
              </UnstyledButton>
            </Tooltip>
          ))}
        </SimpleGrid>
      )}
      <FlagDetailModal analysisId={analysisId} flag={open} count={open ? (flagCounts[open] ?? 0) : 0} onClose={() => setOpen(null)} />
    </Card>
  );
}
