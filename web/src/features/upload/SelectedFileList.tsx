import { ActionIcon, Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatBytes } from '../../lib/format.ts';
import type { UploadItem } from './upload-item.ts';

export function SelectedFileList({ items, uploading, onRemove }: { items: UploadItem[]; uploading: boolean; onRemove: (id: string) => void }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" aria-label="Selected files" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <li key={item.id}>
          <Card withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text fw={500} truncate>
                  {item.file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(item.file.size)}
                </Text>
                {item.status === 'uploading' && (
                  <Progress value={item.progress} size="sm" aria-label={`${item.file.name} upload ${item.progress}%`} />
                )}
              </Stack>
              <Group gap="xs" wrap="nowrap">
                {item.status === 'uploading' && <Text size="xs">{item.progress}%</Text>}
                {item.status === 'success' && <Badge color="green">Uploaded</Badge>}
                {item.status === 'error' && <Badge color="red">Failed</Badge>}
                {!uploading && (
                  <ActionIcon variant="subtle" color="red" onClick={() => onRemove(item.id)} aria-label={`Remove ${item.file.name}`}>
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}
