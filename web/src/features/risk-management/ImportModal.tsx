/** Import of high-risk tables or transaction codes from a CSV file (spec sections 2, 5, 8). */
import { useState } from 'react';
import { FileInput, Modal, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { notify } from '../../lib/notify.ts';
import { checkImportFile } from './import-rules.ts';
import { ImportDialogActions } from './ImportDialogActions.tsx';
import { ImportResultView } from './ImportResultView.tsx';
import { useImportRiskList } from './risk-api.ts';
import { RISK_KINDS, RISK_TOAST, type RiskKind } from './risk-kinds.ts';
import { useImportDialog } from './use-import-dialog.ts';

export function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [type, setType] = useState<RiskKind>('tables');
  const dialog = useImportDialog(opened, checkImportFile);
  const importList = useImportRiskList();

  const submit = async () => {
    const file = dialog.validFile();
    if (!file) return;
    dialog.clearResult();
    try {
      const outcome = dialog.showResult(await importList.mutateAsync({ type, file }));
      if (outcome.imported > 0) notify.success(`Successfully imported ${outcome.imported} ${RISK_KINDS[type].importNoun}`, RISK_TOAST);
      else notify.error('Failed to import data', RISK_TOAST);
    } catch (err) {
      console.error('Import failed', err);
      notify.error('Import failed', RISK_TOAST);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Import High-Risk Items" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
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
          value={dialog.file}
          error={dialog.error}
          clearable
          onChange={dialog.chooseFile}
        />
        <Text size="xs" c="dimmed">
          {type === 'tables'
            ? 'Columns: TABNAME, CATEGORY, DDTEXT (description optional, filled from the master list).'
            : 'Columns: TCODE, CATEGORY.'}
        </Text>
        {dialog.result && <ImportResultView result={dialog.result} noun={RISK_KINDS[type].importNoun} />}
        <ImportDialogActions busy={importList.isPending} onClose={onClose} onImport={() => void submit()} />
      </Stack>
    </Modal>
  );
}
