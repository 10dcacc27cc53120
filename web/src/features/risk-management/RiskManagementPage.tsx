/**
 * Risk Management (admins only): the high-risk lists, the audit log and access requests, with
 * export and import. The server enforces the admins group too; this check only spares the calls.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDatabaseImport, IconDownload, IconUpload } from '@tabler/icons-react';
import { notify } from '../../lib/notify.ts';
import { AccessRequestsTab } from './AccessRequestsTab.tsx';
import { AuditLogTab } from './AuditLogTab.tsx';
import { exportRiskData, exportToastText } from './export-risk-data.ts';
import { ImportModal } from './ImportModal.tsx';
import { MasterImportModal } from './MasterImportModal.tsx';
import { RISK_KINDS, RISK_TOAST } from './risk-kinds.ts';
import { RiskListTab } from './RiskListTab.tsx';
import { ThresholdsTab } from '../detection-settings/ThresholdsTab.tsx';
import { WATCHLISTS, WATCHLIST_NAMES } from '../detection-settings/watchlist-kinds.ts';
import { WatchlistTab } from '../detection-settings/WatchlistTab.tsx';

export const ADMIN_REQUIRED_TEXT = 'You need administrator privileges to access this feature';

export function RiskManagementPage({ groups }: { groups: string[] }) {
  if (!groups.includes('admins')) {
    return (
      <Alert color="red" title="Access denied" role="alert">
        {ADMIN_REQUIRED_TEXT}
      </Alert>
    );
  }
  return <RiskManagementScreen />;
}

function RiskManagementScreen() {
  const [tab, setTab] = useState<string | null>('tables');
  const [importOpen, setImportOpen] = useState(false);
  const [masterOpen, setMasterOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const runExport = async () => {
    setExporting(true);
    try {
      notify.success(exportToastText(await exportRiskData()), RISK_TOAST);
    } catch (err) {
      console.error('Export failed', err);
      notify.error('Failed to export risk data', RISK_TOAST);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>Risk Management</Title>
          <Text c="dimmed">High-risk tables and transaction codes, watchlists and thresholds that drive detection, their audit trail, and access requests.</Text>
        </div>
        <Group>
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void runExport()}>
            Export
          </Button>
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImportOpen(true)}>
            Import
          </Button>
          <Button variant="default" leftSection={<IconDatabaseImport size={16} />} onClick={() => setMasterOpen(true)}>
            Master lists
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="tables">{RISK_KINDS.tables.tabLabel}</Tabs.Tab>
          <Tabs.Tab value="tcodes">{RISK_KINDS.tcodes.tabLabel}</Tabs.Tab>
          {WATCHLIST_NAMES.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {WATCHLISTS[name].tabLabel}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="thresholds">Thresholds</Tabs.Tab>
          <Tabs.Tab value="audit">Audit Log</Tabs.Tab>
          <Tabs.Tab value="access">Access Requests</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tables" pt="md">
          <RiskListTab info={RISK_KINDS.tables} />
        </Tabs.Panel>
        <Tabs.Panel value="tcodes" pt="md">
          <RiskListTab info={RISK_KINDS.tcodes} />
        </Tabs.Panel>
        {WATCHLIST_NAMES.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            <WatchlistTab info={WATCHLISTS[name]} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="thresholds" pt="md">
          <ThresholdsTab />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          <AuditLogTab />
        </Tabs.Panel>
        <Tabs.Panel value="access" pt="md">
          <AccessRequestsTab />
        </Tabs.Panel>
      </Tabs>
      <ImportModal opened={importOpen} onClose={() => setImportOpen(false)} />
      <MasterImportModal opened={masterOpen} onClose={() => setMasterOpen(false)} />
    </Stack>
  );
}
