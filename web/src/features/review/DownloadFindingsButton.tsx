import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { errorMessage } from '../../api/api-error.ts';
import { exportFindings } from './review-api.ts';
import type { ReviewJob } from './review-job.ts';

/** What the job writing a large download is doing, in words. */
export function exportJobText(job: Pick<ReviewJob, 'state'>): string {
  return job.state === 'queued'
    ? 'Waiting its turn on the server: other downloads are being written…'
    : 'Writing the download on the server (minutes for a large analysis)…';
}

/** Builds the findings workbook on demand (POST: it may start a job on the server), then hands the browser its short-lived link. */
export function DownloadFindingsButton({ analysisId }: { analysisId: string }) {
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const [job, setJob] = useState<ReviewJob | null>(null);
  const download = async (format: 'xlsx' | 'csv') => {
    setBusy(format);
    try {
      const { downloadUrl, fileName, findings, order } = await exportFindings(analysisId, format, setJob);
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
      setJob(null);
    }
  };
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        <Button size="xs" leftSection={<IconFileSpreadsheet size={14} aria-hidden />} loading={busy === 'xlsx'} disabled={busy === 'csv'} onClick={() => void download('xlsx')}>
          Download findings
        </Button>
        <Button size="xs" variant="light" leftSection={<IconFileText size={14} aria-hidden />} loading={busy === 'csv'} disabled={busy === 'xlsx'} onClick={() => void download('csv')}>
          CSV
        </Button>
      </Group>
      {job && (
        <Text size="xs" c="dimmed" role="status" aria-live="polite" data-testid="export-job-state" maw={440} ta="right">
          {exportJobText(job)}
        </Text>
      )}
    </Stack>
  );
}
