import { List, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format.ts';
import type { TrailEntry } from './review-api.ts';
import { STATUS_LABEL } from './review-labels.ts';

/** A finding's audit trail, oldest first: who changed what, when. */
export function ReviewTrail({ trail }: { trail: TrailEntry[] }) {
  return (
    <section aria-label="Audit trail">
      <Text size="sm" fw={600} mb={4}>
        Audit trail
      </Text>
      {trail.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not reviewed yet.
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {trail.map((t, i) => (
            <List.Item key={i}>
              {formatDateTime(t.reviewedAt)} · {t.reviewer} · {STATUS_LABEL[t.previousStatus]} → {STATUS_LABEL[t.status]}
              {t.ticket && ` · ticket ${t.ticket}`}
              {t.comment && ` · “${t.comment}”`}
              {t.suppressionId && ' · suppression created'}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
