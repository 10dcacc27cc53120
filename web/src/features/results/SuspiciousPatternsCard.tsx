import { Anchor, Badge, Card, Table, Text } from '@mantine/core';
import type { SuspiciousPattern } from '../../api/types.ts';
import { prettifyFlag } from '../../lib/format.ts';
import { patternRuleHref } from '../rules/rules-api.ts';

// Shades chosen for AA contrast; autoContrast picks dark text on the light ones.
const LEVEL_COLOR: Record<string, string> = { critical: 'red.9', high: 'orange.4', medium: 'yellow.3', low: 'blue.8' };

export function SuspiciousPatternsCard({ patterns }: { patterns: SuspiciousPattern[] }) {
  if (patterns.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="patterns-title">
      <Text id="patterns-title" fw={600} size="lg" mb="sm">
        Suspicious Patterns Detected
      </Text>
      <Table.ScrollContainer minWidth={600}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Pattern</Table.Th>
              <Table.Th>Risk</Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Activity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {patterns.map((p, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  <Anchor href={patternRuleHref(p)} target="_blank" rel="noopener" title="What this pattern means and what to check next">
                    {prettifyFlag(p.pattern)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge color={LEVEL_COLOR[p.risk_level?.toLowerCase()] ?? 'gray.7'} autoContrast>{p.risk_level}</Badge>
                </Table.Td>
                <Table.Td>{p.user}</Table.Td>
                <Table.Td>{p.sm20_time}</Table.Td>
                <Table.Td>{p.sm20_activity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
