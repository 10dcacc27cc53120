/**
 * Extends the master lists behind autocomplete with the customer's own TSTCT / DD02T export
 * (CSV or XLSX from SE16), as DECISIONS.md "Further 2" describes.
 */
import { useEffect, useState } from 'react';
import { Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { notify } from '../../lib/notify.ts';
import { errorMessage } from '../../api/api-error.ts';
import { checkMasterImportFile, fileToBase64 } from './import-rules.ts';
import { ImportResultView } from './ImportResultView.tsx';
import { useImportMasterList, type ImportResult } from './risk-api.ts';
import { RISK_TOAST, type RiskKind } from './risk-kinds.ts';

const MASTER_TYPES: Record<RiskKind, { label: string; noun: string; hint: string }> = {
  tcodes: { label: 'Transaction codes (TSTCT)', noun: 'transaction codes', hint: 'SE16 export of TSTCT with the columns TCODE and TTEXT (SPRSL optional).' },
  tables: { label: 'Tables (DD02T)', noun: 'tables', hint: 'SE16 export of DD02T with the columns TABNAME and DDTEXT (DDLANGUAGE optional).' },
};

export function MasterImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [type, setType] = useState<RiskKind>('tcodes');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<ImportResult | undefined>();
  const importMaster = useImportMasterList();

  useEffect(() => {
    if (opened) {
      setFile(null);
      setError(undefined);
      setResult(undefined);
    }
  }, [opened]);

  const submit = async () => {
    const problem = checkMasterImportFile(file);
    setError(problem);
    if (problem || !file) return;
    setResult(undefined);
    try {
      const isXlsx = /\.xlsx$/i.test(file.name);
      const body = isXlsx ? { type, xlsxBase64: await fileToBase64(file) } : { type, csvContent: await file.text() };
      const answer = await importMaster.mutateAsync(body);
      const outcome = { imported: answer?.imported ?? 0, errors: answer?.errors ?? [] };
      setResult(outcome);
      notify.success(`Successfully imported ${outcome.imported} ${MASTER_TYPES[type].noun}`, RISK_TOAST);
    } catch (err) {
      notify.error(errorMessage(err, 'Import failed'), RISK_TOAST);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Import Master Lists" centered>
      <Stack>
        <Text size="sm">Adds your own system's texts to the lists that suggest IDs when adding high-risk items.</Text>
        <Select
          label="Master list"
          data={(['tcodes', 'tables'] as const).map((k) => ({ value: k, label: MASTER_TYPES[k].label }))}
          value={type}
          allowDeselect={false}
          onChange={(value) => value && setType(value as RiskKind)}
        />
        <FileInput
          label="Export file"
          placeholder="Choose a CSV or XLSX file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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
          {MASTER_TYPES[type].hint}
        </Text>
        {result && <ImportResultView result={result} noun={MASTER_TYPES[type].noun} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void submit()} loading={importMaster.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
