import { Card, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { TimelinePage } from '../review/TimelinePage.tsx';
import type { CaseSummary } from './cases-api.ts';

/**
 * The timeline of a terminal or address case: the analysis keeps timelines per user, so the case
 * offers the timeline of each user its activity names (a burst of failed logons from a terminal
 * lists the users tried); the terminal's own records are the case's findings.
 */
export function PlaceTimeline({ analysisId, c, users }: { analysisId: string; c: CaseSummary; users: string[] }) {
  const [user, setUser] = useState(users[0] ?? '');
  const place = c.actor_kind === 'address' ? 'address' : 'terminal';
  return (
    <Stack gap="md">
      <Card withBorder component="section" aria-labelledby="place-timeline-title">
        <Text id="place-timeline-title" fw={600} size="lg">
          Timeline from {place} {c.actor}
        </Text>
        {users.length === 0 ? (
          <Text size="sm" c="dimmed">
            The activity from this {place} names no user; its records are the findings of this case above.
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm">
              The activity from this {place} names {users.length === 1 ? 'one user' : `${users.length} users`}: {users.join(', ')}. Timelines are kept per user; pick one to read what it did across the analysis. The {place}&apos;s own records are the findings of this case above.
            </Text>
            <Select label={`User named from ${place} ${c.actor}`} allowDeselect={false} maw={320} value={user} onChange={(v) => setUser(v ?? users[0]!)} data={users} />
          </Stack>
        )}
      </Card>
      {user && <TimelinePage key={user} analysisId={analysisId} user={user} />}
    </Stack>
  );
}
