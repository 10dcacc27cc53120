/**
 * Extends the master lists behind autocomplete with the customer's own TSTCT / DD02T export
 * (CSV or XLSX from SE16), as DECISIONS.md "Further 2" describes.
 */
import { useState } from 'react';
import { Progress, Stack, Text } from '@mantine/core';
import { CsvImportDialog, LIST_FILE } from './CsvImportDialog.tsx';
import { checkImportFile } from './import-rules.ts';
import { type ImportJob, useImportMasterList } from './risk-api.ts';
import type { RiskKind } from './risk-kinds.ts';

const MASTER_TYPES: Record<RiskKind, { label: string; noun: string; hint: string }> = {
  tcodes: { label: 'Transaction codes (TSTCT)', noun: 'transaction codes', hint: 'SE16 export of TSTCT with the columns TCODE and TTEXT (SPRSL optional).' },
  tables: { label: 'Tables (DD02T)', noun: 'tables', hint: 'SE16 export of DD02T with the columns TABNAME and DDTEXT (DDLANGUAGE optional).' },
};

const EXPORT_FILE = { ...LIST_FILE, label: 'Export file', check: checkImportFile };

export function MasterImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [type, setType] = useState<RiskKind>('tcodes');
  const [job, setJob] = useState<ImportJob | undefined>();
  const importMaster = useImportMasterList(setJob);

  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title="Import Master Lists"
      intro={
        <Stack gap="xs">
          <Text size="sm">Adds your own system's texts to the lists that suggest IDs when adding high-risk items.</Text>
          {job && importMaster.isPending && <ImportJobProgress job={job} />}
        </Stack>
      }
      choice={{
        label: 'Master list',
        data: (['tcodes', 'tables'] as const).map((k) => ({ value: k, label: MASTER_TYPES[k].label })),
        value: type,
        onChange: (value) => setType(value as RiskKind),
      }}
      file={EXPORT_FILE}
      hint={MASTER_TYPES[type].hint}
      noun={MASTER_TYPES[type].noun}
      busy={importMaster.isPending}
      importFile={(file) => {
        setJob(undefined);
        return importMaster.mutateAsync({ type, file });
      }}
      masterList
    />
  );
}

/** The running job's progress: entries written of those read (the server writes them in the background). */
export function ImportJobProgress({ job }: { job: ImportJob }) {
  const percent = job.total > 0 ? Math.floor((job.written / job.total) * 100) : 0;
  const label = job.status === 'queued' ? `Waiting to start: ${job.total.toLocaleString('en-US')} entries read` : `Written ${job.written.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')} entries`;
  return (
    <Stack gap={4} data-testid="import-progress">
      <Progress value={percent} aria-label="Import progress" animated />
      <Text size="xs" c="dimmed" role="status">
        {label} ({percent}%)
      </Text>
    </Stack>
  );
}
