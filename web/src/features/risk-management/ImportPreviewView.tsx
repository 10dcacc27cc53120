import { Alert, List, Stack, Text } from '@mantine/core';
import type { ImportPreview } from './risk-api.ts';

const MAX_SHOWN = 20;

/** What an import would do, before anything is written: new, changed (old -> new per field), unchanged, categories matched. */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const { added, changed, unchanged, categoriesMatched, categoriesNew, errors } = preview;
  return (
    <Alert color="blue" title="Preview: nothing is written until you confirm" data-testid="import-preview">
      <Stack gap={6}>
        <Text size="sm" data-testid="import-preview-counts">
          {added.length} new · {changed.length} changed · {unchanged.length} unchanged{errors.length > 0 ? ` · ${errors.length} rows refused` : ''}
        </Text>
        {changed.length > 0 && (
          <List size="xs" aria-label="Changed entries">
            {changed.slice(0, MAX_SHOWN).map((c) => (
              <List.Item key={c.id}>
                {c.id}: {c.changes.map((d) => `${d.field} "${d.from || '-'}" → "${d.to || '-'}"`).join('; ')}
              </List.Item>
            ))}
            {changed.length > MAX_SHOWN && <List.Item>… and {changed.length - MAX_SHOWN} more</List.Item>}
          </List>
        )}
        {added.length > 0 && (
          <Text size="xs">
            New: {added.slice(0, MAX_SHOWN).map((a) => `${a.id} (${a.category})`).join(', ')}
            {added.length > MAX_SHOWN && ` … and ${added.length - MAX_SHOWN} more`}
          </Text>
        )}
        {categoriesMatched.length > 0 && (
          <List size="xs" aria-label="Categories matched">
            {categoriesMatched.map((m) => (
              <List.Item key={m.from}>
                Category "{m.from}" is filed under the existing "{m.to}"
              </List.Item>
            ))}
          </List>
        )}
        {categoriesNew.length > 0 && <Text size="xs">New categories: {categoriesNew.join(', ')}</Text>}
      </Stack>
    </Alert>
  );
}
