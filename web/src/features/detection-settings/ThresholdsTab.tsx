/**
 * The detection thresholds of the organisation (DETECTION.md section 4): the settings the rule
 * modules declare (business hours, counts and windows, lists of networks), each shown as its
 * declaration says (label, bounds, help, default). Saved values apply to analyses started
 * afterwards; export and import use the CLI's settings file.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, FileButton, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconDownload, IconRestore, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/api-error.ts';
import { notify } from '../../lib/notify.ts';
import { triggerDownload } from '../risk-management/export-risk-data.ts';
import { formatDateTime, personLabel } from '../risk-management/format.ts';
import { RISK_TOAST } from '../risk-management/risk-kinds.ts';
import { DETECTION_SETTINGS, networksFromText, numberAt, numberInputs, readThresholdsFile, setNumberAt, thresholdsToJson, validateThresholds, WEEKDAYS, type ThresholdErrors } from './thresholds-form.ts';
import { thresholdsQuery, useSaveThresholds, type DetectionThresholds } from './watchlist-api.ts';

const HOURS = DETECTION_SETTINGS.find((s) => s.kind === 'hours')!;
const LISTS = DETECTION_SETTINGS.flatMap((s) => (s.kind === 'cidrs' ? [s] : []));

/** "FAILED_LOGON_BURST (default 5 failed logons)", or "Default 10 minutes" without a help line. */
function numberHelp(spec: { help?: string; unit?: string }, d: number): string {
  const value = spec.unit ? `${d} ${spec.unit}` : String(d);
  return spec.help ? `${spec.help} (default ${value})` : `Default ${value}`;
}

/** Each list setting's entries, one per line, as the form shows them. */
function listTextsOf(t: DetectionThresholds): Record<string, string> {
  return Object.fromEntries(LISTS.map((l) => [l.key, ((t as unknown as Record<string, unknown>)[l.key] as string[] | undefined)?.join('\n') ?? '']));
}

export function ThresholdsTab({ download = triggerDownload }: { download?: (url: string, fileName: string) => void }) {
  const state = useQuery(thresholdsQuery);
  const save = useSaveThresholds();
  const [form, setForm] = useState<DetectionThresholds | undefined>();
  const [errors, setErrors] = useState<ThresholdErrors>({});
  // The list settings as typed (one range per line); the form keeps the lists.
  const [listTexts, setListTexts] = useState<Record<string, string>>({});
  const resetFile = useRef<() => void>(null);

  useEffect(() => {
    if (state.data) {
      setForm(structuredClone(state.data.thresholds));
      setListTexts(listTextsOf(state.data.thresholds));
    }
  }, [state.data]);

  if (state.isError) return <Alert color="red">{errorMessage(state.error, 'Failed to load the thresholds')}</Alert>;
  if (!state.data || !form) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" />
        <Text>Loading...</Text>
      </Group>
    );
  }
  const { defaults } = state.data;
  const set = (patch: (f: DetectionThresholds) => void) =>
    setForm((f) => {
      const next = structuredClone(f!);
      patch(next);
      return next;
    });
  const num = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

  const submit = async () => {
    const found = validateThresholds(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(form);
      notify.success('Thresholds saved; they apply to analyses started from now on', RISK_TOAST);
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to save the thresholds'), RISK_TOAST);
    }
  };

  const exportFile = () => {
    const url = URL.createObjectURL(new Blob([thresholdsToJson(form)], { type: 'application/json' }));
    download(url, 'detection-settings.json');
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const importFile = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    try {
      const next = readThresholdsFile(await file.text(), form);
      setForm(next);
      setListTexts(listTextsOf(next));
      notify.info(`Read ${file.name}; check the values and save`, RISK_TOAST);
    } catch (err) {
      notify.error(`${file.name}: ${(err as Error).message}`, RISK_TOAST);
    }
  };

  return (
    <Stack maw={760}>
      <Text size="sm" c="dimmed">
        {state.data.isDefault
          ? 'The shipped defaults are in use.'
          : `Last changed ${formatDateTime(state.data.lastModified)} by ${personLabel(state.data.lastModifiedByEmail, state.data.lastModifiedBy)}.`}{' '}
        Each analysis keeps the values it started with.
      </Text>
      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          {HOURS.label}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          {HOURS.help} (default {defaults.businessHours.start}–{defaults.businessHours.end}, {defaults.businessHours.days.map((d) => WEEKDAYS[d - 1]?.label).join(', ')}).
        </Text>
        <Group align="flex-start">
          <TextInput label="Start" placeholder="07:00" w={120} value={form.businessHours.start} error={errors.start} onChange={(e) => {
            const value = e.currentTarget.value;
            set((f) => void (f.businessHours.start = value));
          }} />
          <TextInput label="End" placeholder="19:00" w={120} value={form.businessHours.end} error={errors.end} onChange={(e) => {
            const value = e.currentTarget.value;
            set((f) => void (f.businessHours.end = value));
          }} />
          <Checkbox.Group
            label="Working days"
            error={errors.days}
            value={form.businessHours.days.map(String)}
            onChange={(values) => set((f) => void (f.businessHours.days = values.map(Number).sort((a, b) => a - b)))}
          >
            <Group gap="xs" mt={6}>
              {WEEKDAYS.map((d) => (
                <Checkbox key={d.value} value={String(d.value)} label={d.label} />
              ))}
            </Group>
          </Checkbox.Group>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          Counts and windows
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {numberInputs().map((input) => {
            const d = numberAt(defaults, input);
            return (
              <NumberInput
                key={`${input.key}.${input.field ?? ''}`}
                label={input.spec.label}
                description={numberHelp(input.spec, d)}
                min={input.spec.min}
                max={input.spec.max}
                allowDecimal={false}
                value={numberAt(form, input)}
                onChange={(v) => set((f) => setNumberAt(f, input, num(v)))}
              />
            );
          })}
        </SimpleGrid>
        {errors.numbers && (
          <Text c="red" size="sm" mt="xs" role="alert">
            {errors.numbers}
          </Text>
        )}
      </Paper>
      {LISTS.map((list) => (
        <Paper withBorder p="md" key={list.key}>
          {list.title && (
            <Title order={4} mb="xs">
              {list.title}
            </Title>
          )}
          <Textarea
            label={list.label}
            description={list.help}
            placeholder={list.placeholder}
            minRows={3}
            value={listTexts[list.key] ?? ''}
            error={errors[list.key]}
            onChange={(e) => {
              const text = e.currentTarget.value;
              setListTexts((t) => ({ ...t, [list.key]: text }));
              set((f) => void ((f as unknown as Record<string, unknown>)[list.key] = networksFromText(text)));
            }}
          />
        </Paper>
      ))}
      <Group>
        <Button leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} onClick={() => void submit()}>
          Save thresholds
        </Button>
        <Button
          variant="default"
          leftSection={<IconRestore size={16} />}
          onClick={() => {
            setForm(structuredClone(defaults));
            setListTexts(listTextsOf(defaults));
          }}
        >
          Reset to defaults
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportFile}>
          Export JSON
        </Button>
        <FileButton resetRef={resetFile} accept="application/json,.json" onChange={(file) => void importFile(file)}>
          {(props) => (
            <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
              Import JSON
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
