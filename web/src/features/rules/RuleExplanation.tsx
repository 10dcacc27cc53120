/**
 * "What does this flag mean?" of the flag-detail modal, read from the rule catalogue by the
 * sample records' rule ids; the short built-in text when the catalogue cannot be loaded.
 */
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { flagMeaning } from '../results/flag-meanings.ts';
import { ruleHref, rulesForFlag, rulesQuery, SEVERITY_COLOR } from './rules-api.ts';

export function RuleExplanation({ flag, records }: { flag: string; records: Record<string, unknown>[] }) {
  const catalogue = useQuery(rulesQuery);
  const rules = catalogue.data ? rulesForFlag(catalogue.data, flag, records) : [];
  const fallback = flagMeaning(flag);

  return (
    <div data-testid="flag-meaning">
      <Text fw={600}>What does this flag mean?</Text>
      {rules.length === 0 ? (
        <>
          <Text size="sm">{fallback.meaning}</Text>
          <Text size="sm" c="dimmed">
            Risk: {fallback.severity}
          </Text>
        </>
      ) : (
        <Stack gap="xs" mt={4}>
          {rules.map((rule) => (
            <div key={rule.id} data-rule-id={rule.id}>
              <Group gap="xs" wrap="wrap">
                <Anchor href={ruleHref(rule.id)} target="_blank" rel="noopener" size="sm" fw={600} ff="monospace">
                  {rule.id}
                </Anchor>
                <Text size="sm" fw={500}>
                  {rule.title}
                </Text>
                <Badge size="xs" color={SEVERITY_COLOR[rule.severity] ?? 'gray.7'} autoContrast>
                  {rule.severity}
                </Badge>
              </Group>
              <Text size="sm">
                <Text span c="dimmed">
                  Reads:{' '}
                </Text>
                {rule.reads}
              </Text>
              <Text size="sm">
                <Text span c="dimmed">
                  Check next:{' '}
                </Text>
                {rule.nextSteps}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </div>
  );
}
