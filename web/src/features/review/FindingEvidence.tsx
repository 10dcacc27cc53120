import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FLAG_KEYS } from '@app/core/model/index.ts';
import { PATTERN_FIELD_HEADERS } from '@app/core/model/pattern-fields.ts';
import { SampleRecordCard } from '../results/SampleRecordCard.tsx';
import type { Finding } from './review-api.ts';

/** A pattern row's fields in words, as the workbooks head them (the JSON's names are the contract). */
const PATTERN_FIELDS = Object.entries(PATTERN_FIELD_HEADERS).filter(([k]) => k !== 'rule');

/**
 * What a finding rests on, in the triage dialog: each evidence record as the flag detail shows a
 * record (why flagged, user, time, transaction, object, a change's old → new value; every column on
 * demand), or the pattern row itself. The values come from the exports: React escapes them.
 */
export function FindingEvidence({ finding, evidence }: { finding: Pick<Finding, 'source'>; evidence: Record<string, string>[] }) {
  const [allShown, setAllShown] = useState(false);
  if (evidence.length === 0) return null;
  // A pattern's evidence may be every flagged record of the user within the hour: the first few, the rest on demand.
  const shown = allShown ? evidence : evidence.slice(0, FIRST_SHOWN);
  return (
    <Stack gap="xs" component="section" aria-labelledby="finding-evidence-title" data-testid="finding-evidence">
      <Text id="finding-evidence-title" fw={600} size="sm">
        Evidence {evidence.length > 1 ? `(${evidence.length} records)` : ''}
      </Text>
      {shown.map((e, i) =>
        'sm20_activity' in e ? (
          <SimpleGrid key={i} cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
            {PATTERN_FIELDS.filter(([k]) => e[k]).map(([k, label]) => (
              <div key={k}>
                <Text component="dt" size="xs" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {e[k]}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        ) : (
          <SampleRecordCard key={i} record={e} flag={finding.source.flag ?? FLAG_KEYS.find((k) => e[k]) ?? ''} columns={Object.keys(e)} index={i} />
        ),
      )}
      {evidence.length > FIRST_SHOWN && (
        <Anchor component="button" type="button" size="sm" fw={600} style={{ alignSelf: 'flex-start' }} onClick={() => setAllShown((v) => !v)}>
          {allShown ? `Show the first ${FIRST_SHOWN} only` : `Show all ${evidence.length} records`}
        </Anchor>
      )}
    </Stack>
  );
}

const FIRST_SHOWN = 3;
