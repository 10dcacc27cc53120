/**
 * The rule catalogue (DETECTION.md section 5): every rule behind a flag reason or a pattern, with
 * what it reads, what to check next and the Microsoft Sentinel SAP rule it corresponds to. Each
 * rule row is an anchor (`/rules#SAL-AUDIT-OFF`), linked from About, the flag details and patterns.
 */
import { useEffect, useState } from 'react';
import { Alert, Badge, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/api-error.ts';
import { filterRules, rulesPageQuery, SEVERITY_COLOR, type RuleDefinition } from './rules-api.ts';

function RuleTable({ label, rules, target }: { label: string; rules: RuleDefinition[]; target: string }) {
  if (rules.length === 0) return null;
  return (
    <section aria-label={label}>
      <Title order={3} size="h4" mb="xs">
        {label} ({rules.length})
      </Title>
      <Table.ScrollContainer minWidth={960} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': `${label}, scrollable` } }}>
        <Table striped withTableBorder layout="fixed" verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: '24%' }}>Rule</Table.Th>
              <Table.Th style={{ width: 100 }}>Severity</Table.Th>
              <Table.Th>What it reads</Table.Th>
              <Table.Th>What to check next</Table.Th>
              <Table.Th style={{ width: '16%' }}>Microsoft Sentinel rule</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.map((rule) => (
              <Table.Tr
                key={rule.id}
                id={rule.id}
                data-rule-id={rule.id}
                aria-current={rule.id === target ? 'true' : undefined}
                style={{ scrollMarginTop: 80, ...(rule.id === target ? { outline: '2px solid var(--mantine-color-blue-6)' } : {}) }}
              >
                <Table.Td>
                  <Text ff="monospace" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {rule.id}
                  </Text>
                  <Text size="sm">{rule.title}</Text>
                  {rule.kind === 'pattern' && rule.summary && (
                    <Text size="sm" data-testid="rule-summary">
                      {rule.summary}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {rule.pattern ? `Pattern ${rule.pattern}` : `${rule.flag}${rule.category ? ` · ${rule.category}` : ''}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={SEVERITY_COLOR[rule.severity] ?? 'gray.7'} autoContrast>
                    {rule.severity}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{rule.reads}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{rule.nextSteps}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={rule.sentinel ? undefined : 'dimmed'}>
                    {rule.sentinel ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

function currentHash(): string {
  return typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.replace(/^#/, ''));
}

export function RulesPage() {
  const page = useQuery(rulesPageQuery);
  const catalogue = { ...page, data: page.data?.rules };
  const [query, setQuery] = useState('');
  const [target, setTarget] = useState(currentHash);

  useEffect(() => {
    const onHash = () => setTarget(currentHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // The rows arrive after the page, so the browser's own jump to the anchor finds nothing.
  useEffect(() => {
    if (catalogue.data && target) document.getElementById(target)?.scrollIntoView?.({ block: 'start' });
  }, [catalogue.data, target]);

  const rules = filterRules(catalogue.data ?? [], query);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Detection rules</Title>
        <Text c="dimmed">
          Every flag reason and suspicious pattern comes from one of these rules. Each output record lists the ids of the rules that fired
          on it in its RULES column.
        </Text>
        {page.data && (
          <Text c="dimmed" size="sm" data-testid="rules-thresholds-note">
            The pattern rules state the thresholds of the current detection settings
            {page.data.thresholdsAreDefault === false ? ', as an administrator set them' : ' (the defaults)'}; each analysis states the
            thresholds it ran with.
          </Text>
        )}
      </div>
      <TextInput
        label="Search"
        placeholder="Rule id, title, flag, event or Sentinel rule"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={420}
      />
      {catalogue.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Loading rules...</Text>
        </Group>
      ) : catalogue.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(catalogue.error, 'Failed to load the rule catalogue')}
        </Alert>
      ) : rules.length === 0 ? (
        <Text c="dimmed">No rule matches “{query}”.</Text>
      ) : (
        <>
          <RuleTable label="Pattern rules" rules={rules.filter((r) => r.kind === 'pattern')} target={target} />
          <RuleTable label="Flag rules" rules={rules.filter((r) => r.kind === 'flag')} target={target} />
        </>
      )}
    </Stack>
  );
}
