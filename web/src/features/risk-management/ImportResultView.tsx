import { Alert, List, Text } from '@mantine/core';
import type { ImportResult } from './risk-api.ts';
import { summariseImportErrors } from './import-rules.ts';

/** The imported count and the first five row errors, then '... and N more errors'. */
export function ImportResultView({ result, noun }: { result: ImportResult; noun: string }) {
  const lines = summariseImportErrors(result.errors ?? []);
  return (
    <Alert color={lines.length ? 'yellow' : 'green'} title="Import finished" data-testid="import-result">
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
    </Alert>
  );
}
