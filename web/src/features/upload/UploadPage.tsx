import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFiles, IconPlayerPlay } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/api-error.ts';
import { queryKeys } from '../../api/queries.ts';
import { notify } from '../../lib/notify.ts';
import { FileDropArea } from './FileDropArea.tsx';
import { FileRequirementsCard } from './FileRequirementsCard.tsx';
import { HolidayCalendarCard } from '../holidays/HolidayCalendarCard.tsx';
import { OverallProgress } from './OverallProgress.tsx';
import { SelectedFileList } from './SelectedFileList.tsx';
import { addedMessage, SECONDS_PER_FILE, SINGLE_ACCEPT } from './file-rules.ts';
import { NAVIGATE_AFTER_UPLOAD_MS, overallPercent, WITHIN_FILE, type Progress, UPLOADED_ANALYSIS_STARTED } from './progress.ts';
import { newUploadItem, type UploadItem } from './upload-item.ts';
import { startAnalysis, uploadFile } from './upload-sequence.ts';
import type { AnalysisStart } from '../analysis/poll-timing.ts';
import { useRefusalToasts, useRejectionToasts } from './use-rejection-toasts.ts';
import { sortByContent } from './content-check.ts';
import { StartedAnalysesCard, type StartedItem } from './StartedAnalysesCard.tsx';
import { handFilesOver } from '../multi-upload/hand-over.ts';

export function UploadPage() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  // One entry per failed file, keyed by item: the cause is said here once; Retry and Remove clear it.
  const [errors, setErrors] = useState<{ id: string; message: string }[]>([]);
  const [started, setStarted] = useState<StartedItem[]>([]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onReject = useRejectionToasts('single');
  const refuse = useRefusalToasts();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const patch = (id: string, change: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.id === id ? { ...i, ...change } : i)));
  const forgetError = (id: string) => setErrors((all) => all.filter((e) => e.id !== id));
  const remove = (id: string) => {
    setItems((all) => all.filter((i) => i.id !== id));
    forgetError(id);
  };
  const retry = (id: string) => {
    patch(id, { status: 'pending', progress: 0, error: undefined });
    forgetError(id);
    setProgress(null);
  };
  const pending = items.filter((i) => i.status === 'pending');

  const addFiles = async (dropped: File[]) => {
    if (dropped.length === 0) return;
    // What a file is, is read from its content (the engine's sniffing), not from its name.
    const { accepted: files, refused } = await sortByContent(dropped);
    refuse(refused);
    if (files.length === 0) return;
    setItems((all) => [...all, ...files.map(newUploadItem)]);
    notify.success(addedMessage(files.length));
  };

  const run = async () => {
    const queue = items.filter((i) => i.status === 'pending');
    if (queue.length === 0) return;
    setUploading(true);
    setErrors([]);
    setStarted([]);
    setProgress({ stage: 'Initializing', percent: 0 });
    const startedNow: StartedItem[] = [];
    let lastStart: (AnalysisStart & { analysisId: string }) | undefined;
    let lastFailed = false;
    for (const [index, item] of queue.entries()) {
      const name = item.file.name;
      patch(item.id, { status: 'uploading', progress: 0, error: undefined });
      try {
        setProgress({ stage: 'Uploading', percent: overallPercent(index, queue.length, 0), substage: name });
        const { fileId } = await uploadFile(item.file, (pct) => {
          patch(item.id, { progress: pct });
          setProgress({ stage: 'Uploading', percent: overallPercent(index, queue.length, WITHIN_FILE.uploaded(pct)), substage: name });
        });
        setProgress({ stage: 'Analyzing', percent: overallPercent(index, queue.length, WITHIN_FILE.analyzing), substage: name });
        const started = await startAnalysis([fileId]);
        patch(item.id, { status: 'success', progress: 100, analysisId: started.analysisId });
        lastStart = { analysisId: started.analysisId, status: started.status, at: Date.now() };
        startedNow.push({ fileName: name, analysisId: started.analysisId });
        lastFailed = false;
      } catch (err) {
        const message = `${name}: ${errorMessage(err, 'Failed to upload file')}`;
        lastFailed = true;
        patch(item.id, { status: 'error', error: message });
        setErrors((e) => [...e, { id: item.id, message }]);
        setProgress({ stage: 'Error', percent: overallPercent(index, queue.length, 0), substage: 'See Upload Error above' });
        // The cause stands in the Upload Error alert; the toast only offers what to do about it.
        notify.error(`Upload of ${name} failed`, {
          persistent: true,
          actions: [
            { label: 'Retry', onClick: () => retry(item.id) },
            { label: 'Remove', onClick: () => remove(item.id) },
          ],
        });
      }
    }
    setUploading(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.files });
    void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
    if (queue.length > 1 && startedNow.length > 0) {
      // Several files make one analysis each: list them all rather than open only the last.
      setStarted(startedNow);
      setProgress(lastFailed ? null : { stage: 'Uploaded', percent: 100, substage: `Files uploaded; ${startedNow.length} analyses started` });
    } else if (!lastFailed && lastStart) {
      const { analysisId, ...analysisStart } = lastStart;
      setProgress({ stage: 'Uploaded', percent: 100, substage: UPLOADED_ANALYSIS_STARTED });
      timer.current = setTimeout(
        () => void navigate({ to: '/analysis/$analysisId', params: { analysisId }, state: (prev) => ({ ...prev, analysisStart }) }),
        NAVIGATE_AFTER_UPLOAD_MS,
      );
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Upload SAP Audit Files</Title>
        <Text c="dimmed">Analyze SM20, CDHDR and CDPOS files for security risks</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Stack gap="md" style={{ gridColumn: 'span 2' }}>
          <FileDropArea accept={SINGLE_ACCEPT} disabled={uploading} onDrop={(files) => void addFiles(files)} onReject={onReject} hint="CSV, TSV, TXT or Excel (.xlsx), up to 100MB each; checked by content" />
          {errors.length > 0 && (
            <Alert color="red" title="Upload Error" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              <List size="sm">
                {errors.map((e) => (
                  <List.Item key={e.id}>{e.message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {started.length > 0 && <StartedAnalysesCard started={started} />}
          <SelectedFileList items={items} uploading={uploading} onRemove={remove} />
          {progress && <OverallProgress progress={progress} />}
          {pending.length > 0 && (
            <Text size="sm" c="dimmed">
              Estimated time: about {pending.length * SECONDS_PER_FILE} seconds ({SECONDS_PER_FILE} seconds per file)
            </Text>
          )}
          <Group>
            <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => void run()} disabled={pending.length === 0 || uploading}>
              {uploading ? 'Uploading...' : 'Start Analysis'}
            </Button>
            <Button
              variant="light"
              leftSection={<IconFiles size={16} aria-hidden />}
              onClick={() => {
                // The files chosen here and not yet analysed go along, placed by their content there.
                handFilesOver(pending.map((i) => i.file));
                void navigate({ to: '/multi-upload' });
              }}
              disabled={uploading}
            >
              Multi-File Analysis
            </Button>
          </Group>
        </Stack>
        <FileRequirementsCard />
        <HolidayCalendarCard />
      </SimpleGrid>
    </Stack>
  );
}
