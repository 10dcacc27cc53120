import { Text } from '@mantine/core';

/** A labelled figure of the summary cards. */
export function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </div>
  );
}
