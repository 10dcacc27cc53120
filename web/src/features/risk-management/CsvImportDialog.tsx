/**
 * The import dialog every administrators' list shares: an optional choice of what to import, the
 * file (checked before any call), the columns it needs, and the server's answer (count, first row
 * errors, IDs the master list lacks). Each list brings the call that imports the chosen file.
 */
import { useState, type ReactNode } from 'react';
import { FileInput, Modal, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { errorMessage } from '../../api/api-error.ts';
import { notify } from '../../lib/notify.ts';
import { ImportDialogActions } from './ImportDialogActions.tsx';
import { ImportResultView } from './ImportResultView.tsx';
import type { ImportPreview, ImportResult } from './risk-api.ts';
import { ImportPreviewView } from './ImportPreviewView.tsx';
import { RISK_TOAST } from './risk-kinds.ts';
import { useImportDialog } from './use-import-dialog.ts';

export interface ImportChoice {
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

export interface ImportFileRule {
  label: string;
  placeholder: string;
  accept: string;
  /** Why the chosen file cannot be imported, or undefined when it can. */
  check: (file: File | null) => string | undefined;
}

/** The files every list import takes: the CSV an export gives back, or an Excel workbook (its first sheet). */
export const LIST_FILE = {
  label: 'CSV or Excel file',
  placeholder: 'Choose a CSV or XLSX file',
  accept: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

interface CsvImportDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro?: ReactNode;
  choice?: ImportChoice;
  file: ImportFileRule;
  /** The columns the file needs. */
  hint: ReactNode;
  /** What was imported, e.g. 'tables' in 'Imported 3 tables'. */
  noun: string;
  busy: boolean;
  /** Sends the file to the server and returns its answer. */
  importFile: (file: File) => Promise<Partial<ImportResult> | undefined>;
  /**
   * A master-list import: an answer is a success whatever its count, and a refusal shows the
   * server's reason. A list import with no row imported failed, and a refusal says only 'Import failed'.
   */
  masterList?: boolean;
  /** When given, Import first shows what would change (new, changed, unchanged, categories) and a second click confirms. */
  previewFile?: (file: File) => Promise<ImportPreview>;
}

export function CsvImportDialog({ opened, onClose, title, intro, choice, file, hint, noun, busy, importFile, masterList = false, previewFile }: CsvImportDialogProps) {
  const dialog = useImportDialog(opened, file.check);
  const [preview, setPreview] = useState<{ of: File; choice?: string; data: ImportPreview } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // A preview stands for the file and list it was made for: another file, another list, or reopening
  // the dialog (which clears the file) shows none, and Import previews again before anything is written.
  const shown = opened && preview && preview.of === dialog.file && preview.choice === choice?.value ? preview : null;

  const submit = async () => {
    const chosen = dialog.validFile();
    if (!chosen) return;
    dialog.clearResult();
    if (previewFile && shown?.of !== chosen) {
      setPreviewing(true);
      try {
        setPreview({ of: chosen, choice: choice?.value, data: await previewFile(chosen) });
      } catch (err) {
        notify.error(errorMessage(err, 'Preview failed'), RISK_TOAST);
      } finally {
        setPreviewing(false);
      }
      return;
    }
    setPreview(null);
    try {
      const outcome = dialog.showResult(await importFile(chosen));
      if (outcome.imported > 0 || masterList) notify.success(`Successfully imported ${outcome.imported} ${noun}`, RISK_TOAST);
      else notify.error('Failed to import data', RISK_TOAST);
    } catch (err) {
      if (masterList) {
        notify.error(errorMessage(err, 'Import failed'), RISK_TOAST);
      } else {
        console.error('Import failed', err);
        notify.error('Import failed', RISK_TOAST);
      }
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack>
        {intro}
        {choice && (
          <Select label={choice.label} data={choice.data} value={choice.value} allowDeselect={false} onChange={(value) => value && choice.onChange(value)} />
        )}
        <FileInput
          label={file.label}
          placeholder={file.placeholder}
          accept={file.accept}
          leftSection={<IconUpload size={16} />}
          value={dialog.file}
          error={dialog.error}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          onChange={dialog.chooseFile}
        />
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
        {shown && <ImportPreviewView preview={shown.data} />}
        {dialog.result && <ImportResultView result={dialog.result} noun={noun} />}
        <ImportDialogActions busy={busy || previewing} onClose={onClose} onImport={() => void submit()} label={shown ? 'Confirm import' : 'Import'} />
      </Stack>
    </Modal>
  );
}
