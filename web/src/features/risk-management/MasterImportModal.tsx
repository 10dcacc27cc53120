/**
 * Extends the master lists behind autocomplete with the customer's own TSTCT / DD02T export
 * (CSV or XLSX from SE16), as DECISIONS.md "Further 2" describes.
 */
import { useState } from 'react';
import { Text } from '@mantine/core';
import { CsvImportDialog, LIST_FILE } from './CsvImportDialog.tsx';
import { checkImportFile } from './import-rules.ts';
import { useImportMasterList } from './risk-api.ts';
import type { RiskKind } from './risk-kinds.ts';

const MASTER_TYPES: Record<RiskKind, { label: string; noun: string; hint: string }> = {
  tcodes: { label: 'Transaction codes (TSTCT)', noun: 'transaction codes', hint: 'SE16 export of TSTCT with the columns TCODE and TTEXT (SPRSL optional).' },
  tables: { label: 'Tables (DD02T)', noun: 'tables', hint: 'SE16 export of DD02T with the columns TABNAME and DDTEXT (DDLANGUAGE optional).' },
};

const EXPORT_FILE = { ...LIST_FILE, label: 'Export file', check: checkImportFile };

export function MasterImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [type, setType] = useState<RiskKind>('tcodes');
  const importMaster = useImportMasterList();

  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title="Import Master Lists"
      intro={<Text size="sm">Adds your own system's texts to the lists that suggest IDs when adding high-risk items.</Text>}
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
      importFile={(file) => importMaster.mutateAsync({ type, file })}
      masterList
    />
  );
}
