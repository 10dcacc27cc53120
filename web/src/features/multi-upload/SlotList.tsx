import { ActionIcon, Card, Group, NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatKb } from '../../lib/format.ts';
import { SLOTS, type Placed, type PlacedBy, type Slot, type Slots } from './slot-assignment.ts';

const PLACED_TEXT: Record<PlacedBy, string> = {
  content: 'Type read from the content',
  name: 'Type taken from the file name (content not recognised)',
  'free slot': 'Type not recognised: placed in a free slot, check it',
  moved: 'Placed by you',
};

/** The four slots; each file says how it got there and can be moved to another slot. */
export function SlotList({
  slots,
  disabled,
  onRemove,
  onMove,
}: {
  slots: Slots<Placed<File>>;
  disabled: boolean;
  onRemove: (slot: Slot) => void;
  onMove: (from: Slot, to: Slot) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {SLOTS.map((slot) => {
        const placed = slots[slot];
        return (
          <Card key={slot} withBorder padding="sm" data-slot={slot} data-placed-by={placed?.by}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {slot}
                </Text>
                {placed ? (
                  <>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {placed.file.name} ({formatKb(placed.file.size)})
                    </Text>
                    <Text size="xs" c={placed.by === 'free slot' ? 'orange.9' : 'dimmed'}>
                      {PLACED_TEXT[placed.by]}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    No file
                  </Text>
                )}
              </div>
              {placed && !disabled && (
                <Group gap={4} wrap="nowrap">
                  <NativeSelect
                    size="xs"
                    aria-label={`Move ${placed.file.name} to another slot`}
                    value=""
                    onChange={(e) => e.currentTarget.value && onMove(slot, e.currentTarget.value as Slot)}
                    data={[{ value: '', label: 'Move to…' }, ...SLOTS.filter((s) => s !== slot).map((s) => ({ value: s, label: s }))]}
                  />
                  <ActionIcon variant="subtle" color="red" onClick={() => onRemove(slot)} aria-label={`Remove ${placed.file.name} from ${slot}`}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
