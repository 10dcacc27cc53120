/** CSV import into one watchlist, with the same checks and result view as the high-risk lists' import. */
import { FileInput, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { notify } from '../../lib/notify.ts';
import { checkImportFile } from '../risk-management/import-rules.ts';
import { ImportDialogActions } from '../risk-management/ImportDialogActions.tsx';
import { ImportResultView } from '../risk-management/ImportResultView.tsx';
import { RISK_TOAST } from '../risk-management/risk-kinds.ts';
import { useImportDialog } from '../risk-management/use-import-dialog.ts';
import { useImportWatchlist } from './watchlist-api.ts';
import type { WatchlistInfo } from './watchlist-kinds.ts';

export function WatchlistImportModal({ info, opened, onClose }: { info: WatchlistInfo; opened: boolean; onClose: () => void }) {
  const dialog = useImportDialog(opened, checkImportFile);
  const importList = useImportWatchlist(info.name);

  const submit = async () => {
    const file = dialog.validFile();
    if (!file) return;
    dialog.clearResult();
    try {
      const outcome = dialog.showResult(await importList.mutateAsync(file));
      if (outcome.imported > 0) notify.success(`Successfully imported ${outcome.imported} ${info.importNoun}`, RISK_TOAST);
      else notify.error('Failed to import data', RISK_TOAST);
    } catch (err) {
      console.error('Import failed', err);
      notify.error('Import failed', RISK_TOAST);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Import ${info.tabLabel}`} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack>
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
          {info.columns} Rows with an existing ID replace it.
        </Text>
        {dialog.result && <ImportResultView result={dialog.result} noun={info.importNoun} />}
        <ImportDialogActions busy={importList.isPending} onClose={onClose} onImport={() => void submit()} />
      </Stack>
    </Modal>
  );
}
