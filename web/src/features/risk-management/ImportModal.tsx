/** Import of high-risk tables or transaction codes from a CSV file (spec sections 2, 5, 8). */
import { useState } from 'react';
import { LIST_FILE, CsvImportDialog } from './CsvImportDialog.tsx';
import { checkImportFile } from './import-rules.ts';
import { previewRiskImport, useImportRiskList } from './risk-api.ts';
import { RISK_KINDS, type RiskKind } from './risk-kinds.ts';

export function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [type, setType] = useState<RiskKind>('tables');
  const importList = useImportRiskList();

  /** The one call that sends the chosen file for import. */
  const importFile = async (file: File) => importList.mutateAsync({ type, file });

  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title="Import High-Risk Items"
      choice={{
        label: 'Import type',
        data: (['tables', 'tcodes'] as const).map((k) => ({ value: k, label: RISK_KINDS[k].importTypeLabel })),
        value: type,
        onChange: (value) => setType(value as RiskKind),
      }}
      file={{ ...LIST_FILE, check: checkImportFile }}
      hint={type === 'tables' ? 'Columns: TABNAME, CATEGORY, DDTEXT (description optional, filled from the master list).' : 'Columns: TCODE, CATEGORY.'}
      noun={RISK_KINDS[type].importNoun}
      busy={importList.isPending}
      importFile={importFile}
      previewFile={(file) => previewRiskImport(type, file)}
    />
  );
}
