import { Anchor, Badge, Card, Group, List, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { systemInfoQuery } from '../../api/queries.ts';
import { formatNumber } from '../../lib/format.ts';

function Fact({ label, value, loading }: { label: string; value: string; loading: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {label}
      </Table.Th>
      <Table.Td>{loading ? <Skeleton h={16} w={80} /> : value}</Table.Td>
    </Table.Tr>
  );
}

/** System Capabilities: facts read from the running system (DECISIONS 2), nothing unmeasured. */
export function AboutPage() {
  const info = useQuery(systemInfoQuery());
  const d = info.data;
  const loading = info.isPending;
  const n = (v: number | undefined) => (v === undefined ? 'unavailable' : formatNumber(v));
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>SAP Security Analyzer</Title>
        <Text c="dimmed">System capabilities</Text>
      </div>
      <section aria-labelledby="capabilities-title">
        <Title order={3} size="h4" id="capabilities-title" mb="sm">
          Detection Capabilities
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Text fw={600}>SM20 Security Audit Log</Text>
            <List size="sm">
              <List.Item>Debugger sessions and dynamic code</List.Item>
              <List.Item>High-risk transactions and table access</List.Item>
              <List.Item>Failed logons, user and configuration changes</List.Item>
            </List>
          </Card>
          <Card withBorder>
            <Text fw={600}>CDHDR Change Document Headers</Text>
            <List size="sm">
              <List.Item>Changes to sensitive objects</List.Item>
              <List.Item>Changes outside business hours and on holidays</List.Item>
              <List.Item>Unusual change volume per user and day</List.Item>
            </List>
          </Card>
          <Card withBorder>
            <Text fw={600}>CDPOS Change Document Items</Text>
            <List size="sm">
              <List.Item>Sensitive fields such as amounts, bank data and accounts</List.Item>
              <List.Item>High-risk tables</List.Item>
              <List.Item>Old and new values of every change</List.Item>
            </List>
          </Card>
          <Card withBorder>
            <Text fw={600}>Multi-File Correlation</Text>
            <List size="sm">
              <List.Item>Change headers joined with their items</List.Item>
              <List.Item>Security log activity matched to changes by user and time</List.Item>
              <List.Item>Changes checked against tickets; suspicious patterns</List.Item>
            </List>
          </Card>
        </SimpleGrid>
        <Text size="sm" mt="sm">
          Every flag reason and pattern comes from a rule with a stable id:{' '}
          <Anchor component={Link} to="/rules">
            see the detection rules
          </Anchor>{' '}
          for what each one reads, what to check next and the corresponding Microsoft Sentinel rule.
        </Text>
      </section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="specs-title">
          <Title order={3} size="h4" id="specs-title" mb="sm">
            Technical Specifications
          </Title>
          {info.isError && (
            <Text c="red.9" size="sm" mb="xs">
              Live figures are unavailable: {info.error.message}
            </Text>
          )}
          <Table>
            <Table.Tbody>
              <Fact label="Detection flag categories" value={n(d?.flagCount)} loading={loading} />
              <Fact label="Detection rules" value={n(d?.detectionRules)} loading={loading} />
              <Fact label="Master list tables" value={n(d?.masterTables)} loading={loading} />
              <Fact label="Master list transaction codes" value={n(d?.masterTcodes)} loading={loading} />
              <Fact label="High-risk tables" value={n(d?.highRiskTables)} loading={loading} />
              <Fact label="High-risk transaction codes" value={n(d?.highRiskTcodes)} loading={loading} />
              <Fact label="Input formats" value="CSV, TSV, TXT, Excel (.xlsx), up to 100MB per file" loading={false} />
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder component="section" aria-labelledby="outputs-title">
          <Title order={3} size="h4" id="outputs-title" mb="sm">
            Output Formats
          </Title>
          <List size="sm" spacing="xs">
            <List.Item>
              <b>Excel Multi-Sheet</b> <Badge size="xs">Recommended</Badge>: one sheet per file, flagged cells highlighted, header frozen with filters.
            </List.Item>
            <List.Item>
              <b>CSV Combined</b>: every record in one file; adds a FILE_TYPE column identifying the source.
            </List.Item>
          </List>
          <Title order={3} size="h4" mt="md" mb="sm">
            System Status
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color={info.isError ? 'red.9' : loading ? 'gray.7' : 'teal.9'}>{info.isError ? 'API unreachable' : loading ? 'Checking' : 'API reachable'}</Badge>
            <Text size="sm">Data is isolated per user; sign-in uses a managed identity service.</Text>
          </Group>
          <Title order={3} size="h4" mt="md" mb="sm">
            Version Information
          </Title>
          <Text size="sm">Version: {d?.version ?? __APP_VERSION__}</Text>
          <Text size="sm">Build date: {d?.buildDate || __BUILD_DATE__}</Text>
          <Text size="sm">Web app build: {__APP_VERSION__} ({__BUILD_DATE__})</Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
