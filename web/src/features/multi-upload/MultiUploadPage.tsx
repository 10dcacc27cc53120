import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Collapse, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconInfoCircle, IconRobot, IconTopologyStar3 } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/api-error.ts';
import { queryKeys } from '../../api/queries.ts';
import { notify } from '../../lib/notify.ts';
import { AiSettingsPanel } from '../ai-settings/AiSettingsPanel.tsx';
import { aiSettingsQuery, useAiSettings } from '../ai-settings/ai-settings-queries.ts';
import { toPreference } from '../ai-settings/settings.ts';
import { FileDropArea } from '../upload/FileDropArea.tsx';
import { OverallProgress } from '../upload/OverallProgress.tsx';
import { MULTI_ACCEPT } from '../upload/file-rules.ts';
import { NAVIGATE_AFTER_UPLOAD_MS, overallPercent, UPLOADED_ANALYSIS_STARTED, WITHIN_FILE, type Progress } from '../upload/progress.ts';
import { startAnalysis, uploadFile } from '../upload/upload-sequence.ts';
import { useRefusalToasts, useRejectionToasts } from '../upload/use-rejection-toasts.ts';
import { sortByContent } from '../upload/content-check.ts';
import type { AnalysisStart } from '../analysis/poll-timing.ts';
import { SlotList } from './SlotList.tsx';
import { HolidayCalendarCard } from '../holidays/HolidayCalendarCard.tsx';
import { assignSlots, emptySlots, filledCount, isHintMessage, MIN_FILES, moveSlot, SLOTS, type Placed, type Slot, type Slots } from './slot-assignment.ts';
import { detectTypeFromContent } from './sniff-file-type.ts';
import { takeHandedFiles } from './hand-over.ts';

const MIN_FILES_MESSAGE = 'Please upload at least 2 files for correlated analysis';

export function MultiUploadPage() {
  const [slots, setSlots] = useState<Slots<Placed<File>>>(emptySlots);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [aiOpen, setAiOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onReject = useRejectionToasts('multi');
  const refuse = useRefusalToasts();
  // Enabled means: the user turned AI on AND the server has a provider to run it.
  const { enabled: aiEnabled, settings: aiSettings } = useAiSettings();
  const count = filledCount(slots);
  // Reading headers is async: drops in quick succession must build on the latest slots.
  const slotsRef = useRef(slots);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Files chosen on the upload page before its Multi-File Analysis button: placed as if dropped here. They
  // are taken once (the first render after the page opens); later renders find none.
  useEffect(() => {
    const files = takeHandedFiles();
    if (files.length > 0) void addFiles(files);
  });

  const addFiles = async (dropped: File[]) => {
    if (dropped.length === 0) return;
    // Readable or not is decided by the content (the engine's sniffing), as .txt, .tsv and text named .xls are SAP exports too.
    const { accepted: files, refused } = await sortByContent(dropped);
    refuse(refused);
    if (files.length === 0) return;
    // The header decides the slot, as it decides the type in the engine; the name only when it shows none.
    const candidates = await Promise.all(files.map(async (file) => ({ file, detected: await detectTypeFromContent(file).catch(() => null) })));
    const { slots: next, unplaced, replaced } = assignSlots(slotsRef.current, candidates);
    slotsRef.current = next;
    setSlots(next);
    const placed = files.length - unplaced.length;
    if (placed > 0) notify.success(`${placed} file(s) added successfully`);
    for (const f of replaced) notify.info(`${f.name} was replaced by a newer file of the same type.`);
    for (const f of unplaced) notify.warning(`${f.name}: all four slots are taken. Remove a file first.`);
  };

  const update = (change: (s: Slots<Placed<File>>) => Slots<Placed<File>>) => {
    slotsRef.current = change(slotsRef.current);
    setSlots(slotsRef.current);
  };
  const removeSlot = (slot: Slot) => update((s) => ({ ...s, [slot]: null }));
  const move = (from: Slot, to: Slot) => update((s) => moveSlot(s, from, to));

  const run = async () => {
    if (count < MIN_FILES) {
      setError(MIN_FILES_MESSAGE);
      return;
    }
    const files = SLOTS.map((s) => slots[s]?.file).filter((f): f is File => f !== undefined);
    setBusy(true);
    setError(null);
    setProgress({ stage: 'Initializing', percent: 0 });
    try {
      const fileIds: string[] = [];
      for (const [index, file] of files.entries()) {
        const { fileId } = await uploadFile(file, (pct) =>
          setProgress({ stage: 'Uploading', percent: overallPercent(index, files.length + 1, WITHIN_FILE.uploaded(pct)), substage: file.name }),
        );
        fileIds.push(fileId);
      }
      setProgress({ stage: 'Analyzing', percent: overallPercent(files.length, files.length + 1, WITHIN_FILE.analyzing), substage: 'Starting correlated analysis' });
      const started = await startAnalysis(fileIds, aiEnabled ? toPreference(aiSettings).preferences : undefined);
      const analysisStart: AnalysisStart = { status: started.status, at: Date.now() };
      setProgress({ stage: 'Uploaded', percent: 100, substage: UPLOADED_ANALYSIS_STARTED });
      void queryClient.invalidateQueries({ queryKey: queryKeys.files });
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
      timer.current = setTimeout(
        () =>
          void navigate({ to: '/analysis/$analysisId', params: { analysisId: started.analysisId }, state: (prev) => ({ ...prev, analysisStart }) }),
        NAVIGATE_AFTER_UPLOAD_MS,
      );
    } catch (err) {
      const message = errorMessage(err, 'Failed to analyze files');
      setError(message);
      setProgress({ stage: 'Error', percent: 0, substage: message });
      setBusy(false);
    }
  };

  const hint = error !== null && isHintMessage(error);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Multi-File Correlated Analysis</Title>
        <Text c="dimmed">Upload SM20, CDHDR, CDPOS and ticket exports together to correlate activity across them</Text>
      </div>
      <FileDropArea accept={MULTI_ACCEPT} disabled={busy} onDrop={(files) => void addFiles(files)} onReject={onReject} hint="CSV, TSV, TXT or Excel (.xlsx), up to 100MB each; files are checked and placed by their content" />
      <Text fw={600}>
        Files Ready for Analysis ({count}/4)
      </Text>
      <SlotList slots={slots} disabled={busy} onRemove={removeSlot} onMove={move} />
      {error && (
        <Alert
          color={hint ? 'blue' : 'red'}
          title={hint ? 'Please note' : 'Analysis Error'}
          icon={hint ? <IconInfoCircle size={18} aria-hidden /> : <IconAlertCircle size={18} aria-hidden />}
          role={hint ? 'status' : 'alert'}
        >
          {error}
        </Alert>
      )}
      {progress && <OverallProgress progress={progress} />}
      <Group>
        <Button
          leftSection={<IconTopologyStar3 size={16} aria-hidden />}
          disabled={count < MIN_FILES || busy}
          aria-describedby={count < MIN_FILES ? 'min-files-hint' : undefined}
          onClick={() => void run()}
        >
          {busy ? 'Uploading...' : 'Start Correlated Analysis'}
        </Button>
        <Button
          variant={aiOpen ? 'filled' : 'light'}
          leftSection={aiEnabled ? <IconCheck size={16} aria-label="enabled" /> : <IconRobot size={16} aria-hidden />}
          onClick={() => setAiOpen((o) => !o)}
          aria-expanded={aiOpen}
          disabled={busy}
        >
          AI Settings
        </Button>
      </Group>
      {count < MIN_FILES && (
        // The start button is disabled under 2 files, so the spec's alert text is shown beside it instead.
        <Text size="sm" c="dimmed" id="min-files-hint">
          {MIN_FILES_MESSAGE}
        </Text>
      )}
      <Collapse expanded={aiOpen}>
        {aiOpen && (
          <Card withBorder>
            <AiSettingsPanel
              onClose={() => {
                setAiOpen(false);
                void queryClient.invalidateQueries({ queryKey: aiSettingsQuery.queryKey });
              }}
            />
          </Card>
        )}
      </Collapse>
      <Card withBorder>
        <Text fw={600} mb="xs">
          What correlation provides
        </Text>
        <Text size="sm">
          Correlation joins change headers with their items by change number, links security-log activity to the changes the same
          user made around the same time, and checks changes against tickets. It reveals patterns no single file shows, such as a
          debugger session followed by a data change, or a change made without a ticket.
        </Text>
        <Text fw={600} mt="md" mb="xs">
          Tips
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Each file goes to the slot its header shows; Excel workbooks and unrecognised files go by their name (SM20, CDHDR, CDPOS, ticket), else to a free slot. Use Move to… to correct a slot.</List.Item>
          <List.Item>Export every file for the same date range.</List.Item>
          <List.Item>Use at least 2 file types.</List.Item>
          <List.Item>Larger files take longer to analyze.</List.Item>
        </List>
      </Card>
      <HolidayCalendarCard />
    </Stack>
  );
}
