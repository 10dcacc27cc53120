import { Text } from '@mantine/core';

/** A labelled figure of the summary cards. */
export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </div>
  );
}
