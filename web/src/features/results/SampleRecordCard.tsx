import { useState } from 'react';
import { Anchor, Box, Card, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { cellText, ENGINE_COLUMNS, keyFieldsOf, type SampleRecord } from './record-fields.ts';

/**
 * One flagged record: why it was flagged and its key fields first (user, time, transaction,
 * object, event); every other column on demand. Reads at phone width without side scrolling.
 */
export function SampleRecordCard({ record, flag, columns, index }: { record: SampleRecord; flag: string; columns: string[]; index: number }) {
  const [allShown, setAllShown] = useState(false);
  const { fields } = keyFieldsOf(record);
  const reason = cellText(record[flag]);
  const rest = columns.filter((c) => c !== flag && !ENGINE_COLUMNS.has(c));
  const source = [record.FILE_TYPE, record.SOURCE_FILE].filter((v) => v !== undefined && v !== '').map(String).join(' · ');
  const restId = `sample-${index}-fields`;
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Record ${index + 1}`} data-testid="flag-sample-record">
      <Group justify="space-between" gap="xs" mb={6}>
        <Text size="xs" fw={600}>
          Record {index + 1}
        </Text>
        {source && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {source}
          </Text>
        )}
      </Group>
      <Box bg="var(--mantine-color-red-light)" p="xs" mb="xs" style={{ borderRadius: 'var(--mantine-radius-sm)' }} data-testid="sample-reason">
        <Text size="xs" fw={700} c="var(--mantine-color-red-light-color)" tt="uppercase">
          Why flagged
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {reason}
        </Text>
      </Box>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" verticalSpacing={6} component="dl" m={0}>
        {fields.map((f) => (
          <div key={f.label} data-testid={`key-field-${f.label.toLowerCase()}`}>
            <Text component="dt" size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {f.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {rest.length > 0 && (
        <>
          <Anchor component="button" type="button" size="sm" fw={600} mt={6} style={{ alignSelf: 'flex-start' }} aria-expanded={allShown} aria-controls={restId} onClick={() => setAllShown((v) => !v)}>
            {allShown ? 'Hide fields' : `All fields (${rest.length})`}
          </Anchor>
          {allShown && (
            <Table id={restId} withTableBorder striped fz="sm" mt={4} layout="fixed" data-testid="sample-all-fields">
              <Table.Tbody>
                {rest.map((c) => (
                  <Table.Tr key={c}>
                    <Table.Th w="40%" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {c}
                    </Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{cellText(record[c])}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Card>
  );
}
