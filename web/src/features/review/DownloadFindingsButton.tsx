import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { errorMessage } from '../../api/api-error.ts';
import { exportFindings } from './review-api.ts';

/** Builds the findings workbook on demand, then hands the browser its short-lived link. */
export function DownloadFindingsButton({ analysisId }: { analysisId: string }) {
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const download = async (format: 'xlsx' | 'csv') => {
    setBusy(format);
    try {
      const { downloadUrl, fileName, findings, order } = await exportFindings(analysisId, format);
      // Too many findings to sort in memory: streamed in the analysis's own order (the About sheet says so too).
      if (order === 'analysis') notify.info(`${findings.toLocaleString('en-US')} findings, in the order the analysis made them (too many to sort as the list on the server): sort or filter them in your spreadsheet or tool.`);
      const a = document.createElement('a');
      a.href = downloadUrl;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to prepare the findings workbook'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      <Button size="xs" leftSection={<IconFileSpreadsheet size={14} aria-hidden />} loading={busy === 'xlsx'} onClick={() => void download('xlsx')}>
        Download findings
      </Button>
      <Button size="xs" variant="light" leftSection={<IconFileText size={14} aria-hidden />} loading={busy === 'csv'} onClick={() => void download('csv')}>
        CSV
      </Button>
    </Group>
  );
}
