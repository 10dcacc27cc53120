/**
 * Extends the master lists behind autocomplete with the customer's own TSTCT / DD02T export
 * (CSV or XLSX from SE16), as DECISIONS.md "Further 2" describes.
 */
import { useState } from 'react';
import { FileInput, Modal, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { notify } from '../../lib/notify.ts';
import { errorMessage } from '../../api/api-error.ts';
import { checkMasterImportFile } from './import-rules.ts';
import { ImportDialogActions } from './ImportDialogActions.tsx';
import { ImportResultView } from './ImportResultView.tsx';
import { useImportMasterList } from './risk-api.ts';
import { RISK_TOAST, type RiskKind } from './risk-kinds.ts';
import { useImportDialog } from './use-import-dialog.ts';

const MASTER_TYPES: Record<RiskKind, { label: string; noun: string; hint: string }> = {
  tcodes: { label: 'Transaction codes (TSTCT)', noun: 'transaction codes', hint: 'SE16 export of TSTCT with the columns TCODE and TTEXT (SPRSL optional).' },
  tables: { label: 'Tables (DD02T)', noun: 'tables', hint: 'SE16 export of DD02T with the columns TABNAME and DDTEXT (DDLANGUAGE optional).' },
};

export function MasterImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [type, setType] = useState<RiskKind>('tcodes');
  const dialog = useImportDialog(opened, checkMasterImportFile);
  const importMaster = useImportMasterList();

  const submit = async () => {
    const file = dialog.validFile();
    if (!file) return;
    dialog.clearResult();
    try {
      const outcome = dialog.showResult(await importMaster.mutateAsync({ type, file }));
      notify.success(`Successfully imported ${outcome.imported} ${MASTER_TYPES[type].noun}`, RISK_TOAST);
    } catch (err) {
      notify.error(errorMessage(err, 'Import failed'), RISK_TOAST);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Import Master Lists" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
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
          value={dialog.file}
          error={dialog.error}
          clearable
          onChange={dialog.chooseFile}
        />
        <Text size="xs" c="dimmed">
          {MASTER_TYPES[type].hint}
        </Text>
        {dialog.result && <ImportResultView result={dialog.result} noun={MASTER_TYPES[type].noun} />}
        <ImportDialogActions busy={importMaster.isPending} onClose={onClose} onImport={() => void submit()} />
      </Stack>
    </Modal>
  );
}
