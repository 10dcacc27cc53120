import { Anchor, Card, List, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { shortId } from '../../lib/format.ts';

export interface StartedItem {
  fileName: string;
  analysisId: string;
}

/** The analyses one run of the single-upload page started, one per file, each linked to its page. */
export function StartedAnalysesCard({ started }: { started: StartedItem[] }) {
  return (
    <Card withBorder component="section" aria-labelledby="started-title" data-testid="started-analyses">
      <Text id="started-title" fw={600}>
        {started.length === 1 ? '1 analysis started' : `${started.length} analyses started`}
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        Each file is analysed on its own. Open one to follow it; all of them also appear in Analysis History.
      </Text>
      <List size="sm" spacing={4}>
        {started.map((s) => (
          <List.Item key={s.analysisId}>
            <Anchor renderRoot={(props) => <Link to="/analysis/$analysisId" params={{ analysisId: s.analysisId }} {...props} />}>
              {s.fileName}
            </Anchor>{' '}
            <Text span size="xs" c="dimmed">
              (ID {shortId(s.analysisId)})
            </Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
