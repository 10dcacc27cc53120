import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { findingsQuery } from './review-api.ts';
import { progressText } from './review-labels.ts';

/** "3 of 12 findings reviewed · 2 critical open" for a completed analysis; nothing until known. */
export function ReviewProgressLine({ analysisId }: { analysisId: string }) {
  const page = useQuery({ ...findingsQuery(analysisId, { limit: 1 }), staleTime: 30_000 });
  const counts = page.data?.counts;
  if (!counts || counts.total === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="review-progress-line">
      {progressText(counts)}
    </Text>
  );
}
