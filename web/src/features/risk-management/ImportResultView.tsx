import { Alert, List, Text } from '@mantine/core';
import type { ImportResult } from './risk-api.ts';
import { summariseImportErrors } from './import-rules.ts';

/** The imported count, the first five row errors, then '... and N more errors', and IDs the master list lacks. */
export function ImportResultView({ result, noun }: { result: ImportResult; noun: string }) {
  const lines = summariseImportErrors(result.errors ?? []);
  const warnings = result.warnings ?? [];
  const shownWarnings = warnings.length > 5 ? [...warnings.slice(0, 5), `... and ${warnings.length - 5} more not in the master list`] : warnings;
  return (
    <Alert color={lines.length || warnings.length ? 'yellow' : 'green'} title="Import finished" data-testid="import-result">
      <Text size="sm">
        Imported {result.imported} {noun}
      </Text>
      {lines.length > 0 && (
        <List size="sm" mt="xs" aria-label="Import errors">
          {lines.map((line, i) => (
            <List.Item key={i}>{line}</List.Item>
          ))}
        </List>
      )}
      {shownWarnings.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="xs">
            Not in the SAP master list ({warnings.length}): imported, but check these IDs
          </Text>
          <List size="sm" aria-label="Import warnings">
            {shownWarnings.map((line, i) => (
              <List.Item key={i}>{line}</List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
