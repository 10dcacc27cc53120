/** CSV import into one watchlist, with the same checks and result view as the high-risk lists' import. */
import { LIST_FILE, CsvImportDialog } from '../risk-management/CsvImportDialog.tsx';
import { checkImportFile } from '../risk-management/import-rules.ts';
import { useImportWatchlist } from './watchlist-api.ts';
import type { WatchlistInfo } from './watchlist-kinds.ts';

export function WatchlistImportModal({ info, opened, onClose }: { info: WatchlistInfo; opened: boolean; onClose: () => void }) {
  const importList = useImportWatchlist(info.name);
  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title={`Import ${info.tabLabel}`}
      file={{ ...LIST_FILE, check: checkImportFile }}
      hint={`${info.columns} Rows with an existing ID replace it.`}
      noun={info.importNoun}
      busy={importList.isPending}
      importFile={(file) => importList.mutateAsync(file)}
    />
  );
}
