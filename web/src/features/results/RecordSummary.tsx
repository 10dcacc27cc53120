import { Alert, Table, Text } from '@mantine/core';
import type { RecordCountSummary } from '../../api/types.ts';
import { formatNumber } from '../../lib/format.ts';

/** Input and output record counts per file, proving every record reached the output. */
export function RecordSummary({ summary }: { summary: RecordCountSummary }) {
  const names = [...new Set([...Object.keys(summary.input_files ?? {}), ...Object.keys(summary.output_files ?? {})])];
  const difference = summary.total_input_records - summary.total_output_records;
  return (
    <div>
      <Text fw={600} mb={4}>
        Record Processing Summary
      </Text>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Input records</Table.Th>
            <Table.Th>Output records</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {names.map((n) => (
            <Table.Tr key={n}>
              <Table.Td>{n}</Table.Td>
              <Table.Td>{formatNumber(summary.input_files?.[n])}</Table.Td>
              <Table.Td>{formatNumber(summary.output_files?.[n])}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={600}>
            <Table.Td>Total</Table.Td>
            <Table.Td>{formatNumber(summary.total_input_records)}</Table.Td>
            <Table.Td>{formatNumber(summary.total_output_records)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {difference === 0 ? (
        <Text size="sm" c="teal.9" mt={4}>
          All records processed
        </Text>
      ) : (
        <Alert color="yellow" mt={4}>
          Record difference: {formatNumber(Math.abs(difference))} {difference > 0 ? 'fewer' : 'more'} records in the output than in the input.
        </Alert>
      )}
    </div>
  );
}
