import { Loader, Paper, Group, Text } from '@mantine/core';
import { useAnalyzing } from '../../state/analyzing.tsx';

/** Shows while an analysis runs; non-blocking so progress and navigation stay usable. */
export function AnalyzingOverlay() {
  const { label } = useAnalyzing();
  if (!label) return null;
  return (
    <Paper
      shadow="md"
      withBorder
      p="sm"
      role="status"
      aria-live="polite"
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 300 }}
    >
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm">Analyzing {label}...</Text>
      </Group>
    </Paper>
  );
}
