import { ActionIcon, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatKb } from '../../lib/format.ts';
import { SLOTS, type Slot, type Slots } from './slot-assignment.ts';

export function SlotList({ slots, disabled, onRemove }: { slots: Slots<File>; disabled: boolean; onRemove: (slot: Slot) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {SLOTS.map((slot) => {
        const file = slots[slot];
        return (
          <Card key={slot} withBorder padding="sm" data-slot={slot}>
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {slot}
                </Text>
                {file ? (
                  <Text size="sm" truncate>
                    {file.name} ({formatKb(file.size)})
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    No file
                  </Text>
                )}
              </div>
              {file && !disabled && (
                <ActionIcon variant="subtle" color="red" onClick={() => onRemove(slot)} aria-label={`Remove ${file.name} from ${slot}`}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
