/** Import of high-risk tables or transaction codes from a CSV file (spec sections 2, 5, 8). */
import { useEffect, useState } from 'react';
import { Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { notify } from '../../lib/notify.ts';
import { checkImportFile } from './import-rules.ts';
import { ImportResultView } from './ImportResultView.tsx';
import { useImportRiskList, type ImportResult } from './risk-api.ts';
import { RISK_KINDS, RISK_TOAST, type RiskKind } from './risk-kinds.ts';

export function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [type, setType] = useState<RiskKind>('tables');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<ImportResult | undefined>();
  const importList = useImportRiskList();

  useEffect(() => {
    if (opened) {
      setFile(null);
      setError(undefined);
      setResult(undefined);
    }
  }, [opened]);

  const submit = async () => {
    const problem = checkImportFile(file);
    setError(problem);
    if (problem || !file) return;
    setResult(undefined);
    try {
      const answer = await importList.mutateAsync({ type, csvContent: await file.text() });
      const outcome = { imported: answer?.imported ?? 0, errors: answer?.errors ?? [] };
      setResult(outcome);
      if (outcome.imported > 0) notify.success(`Successfully imported ${outcome.imported} ${RISK_KINDS[type].importNoun}`, RISK_TOAST);
      else notify.error('Failed to import data', RISK_TOAST);
    } catch (err) {
      console.error('Import failed', err);
      notify.error('Import failed', RISK_TOAST);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Import High-Risk Items" centered>
      <Stack>
        <Select
          label="Import type"
          data={(['tables', 'tcodes'] as const).map((k) => ({ value: k, label: RISK_KINDS[k].importTypeLabel }))}
          value={type}
          allowDeselect={false}
          onChange={(value) => value && setType(value as RiskKind)}
        />
        <FileInput
          label="CSV file"
          placeholder="Choose a CSV file"
          accept=".csv,text/csv"
          leftSection={<IconUpload size={16} />}
          value={file}
          error={error}
          clearable
          onChange={(f) => {
            setFile(f);
            setError(undefined);
          }}
        />
        <Text size="xs" c="dimmed">
          {type === 'tables'
            ? 'Columns: TABNAME, CATEGORY, DDTEXT (description optional, filled from the master list).'
            : 'Columns: TCODE, CATEGORY.'}
        </Text>
        {result && <ImportResultView result={result} noun={RISK_KINDS[type].importNoun} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void submit()} loading={importList.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
