import { Card, Group, Progress as Bar, Text } from '@mantine/core';
import type { Progress } from './progress.ts';

export function OverallProgress({ progress }: { progress: Progress }) {
  const color = progress.stage === 'Error' ? 'red' : progress.stage === 'Complete' ? 'green' : 'blue';
  return (
    <Card withBorder aria-labelledby="overall-progress-title">
      <Group justify="space-between" mb={4}>
        <Text id="overall-progress-title" fw={600}>
          {progress.stage === 'Uploaded' ? 'Upload complete' : progress.stage}
        </Text>
        <Text size="sm">{progress.stage === 'Uploaded' ? `upload ${progress.percent}%` : `${progress.percent}%`}</Text>
      </Group>
      <Bar value={progress.percent} color={color} aria-label={progress.stage === 'Uploaded' ? `Upload progress ${progress.percent}%` : `Overall progress ${progress.percent}%`} animated={progress.stage !== 'Complete' && progress.stage !== 'Uploaded' && progress.stage !== 'Error'} />
      {progress.substage && (
        <Text size="sm" c={progress.stage === 'Error' ? 'red.9' : 'dimmed'} mt={4}>
          {progress.substage}
        </Text>
      )}
    </Card>
  );
}
