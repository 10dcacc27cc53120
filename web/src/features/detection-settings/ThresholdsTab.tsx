/**
 * The detection thresholds of the organisation (DETECTION.md section 4): business hours, change
 * volume, failed-logon burst, brute-force window, mass download, system-opening window, password
 * resets, logons of one user from several addresses, bank change to payment, and the
 * organisation's networks. Saved values apply to analyses started afterwards; export and import
 * use the CLI's settings file.
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
import { networksFromText, readThresholdsFile, thresholdsToJson, validateThresholds, WEEKDAYS, type ThresholdErrors } from './thresholds-form.ts';
import { thresholdsQuery, useSaveThresholds, type DetectionThresholds } from './watchlist-api.ts';

export function ThresholdsTab({ download = triggerDownload }: { download?: (url: string, fileName: string) => void }) {
  const state = useQuery(thresholdsQuery);
  const save = useSaveThresholds();
  const [form, setForm] = useState<DetectionThresholds | undefined>();
  const [errors, setErrors] = useState<ThresholdErrors>({});
  // The networks as typed (one range per line); the form keeps the list.
  const [networksText, setNetworksText] = useState('');
  const resetFile = useRef<() => void>(null);

  useEffect(() => {
    if (state.data) {
      setForm(structuredClone(state.data.thresholds));
      setNetworksText(state.data.thresholds.networks.join('\n'));
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
      setNetworksText(next.networks.join('\n'));
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
          Business hours
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          Changes outside these hours, or on a day not ticked, raise CHANGE_TIMING_FLAG (default {defaults.businessHours.start}–{defaults.businessHours.end},
          Monday to Friday).
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
          <NumberInput label="Changes per user and day" description={`More raise CHANGE_VOLUME_FLAG (default ${defaults.changeVolume})`} min={1} allowDecimal={false} value={form.changeVolume} onChange={(v) => set((f) => void (f.changeVolume = num(v)))} />
          <NumberInput label="System opened: window in hours" description={`SYSTEM_OPENED_FOR_CHANGES (default ${defaults.openingHours})`} min={1} allowDecimal={false} value={form.openingHours} onChange={(v) => set((f) => void (f.openingHours = num(v)))} />
          <NumberInput label="Failed logons per burst" description={`FAILED_LOGON_BURST (default ${defaults.burst.count})`} min={2} allowDecimal={false} value={form.burst.count} onChange={(v) => set((f) => void (f.burst.count = num(v)))} />
          <NumberInput label="Burst window in minutes" description={`Default ${defaults.burst.minutes}`} min={1} allowDecimal={false} value={form.burst.minutes} onChange={(v) => set((f) => void (f.burst.minutes = num(v)))} />
          <NumberInput label="Brute force: minutes after the burst" description={`BRUTE_FORCE_SUCCESS (default ${defaults.bruteForceMinutes})`} min={1} allowDecimal={false} value={form.bruteForceMinutes} onChange={(v) => set((f) => void (f.bruteForceMinutes = num(v)))} />
          <NumberInput label="Downloads per mass download" description={`MASS_DOWNLOAD (default ${defaults.massDownload.count})`} min={2} allowDecimal={false} value={form.massDownload.count} onChange={(v) => set((f) => void (f.massDownload.count = num(v)))} />
          <NumberInput label="Mass download window in minutes" description={`Default ${defaults.massDownload.minutes}`} min={1} allowDecimal={false} value={form.massDownload.minutes} onChange={(v) => set((f) => void (f.massDownload.minutes = num(v)))} />
          <NumberInput label="Password resets by one user" description={`Other users' passwords: MASS_PASSWORD_RESET (default ${defaults.passwordResets.count})`} min={2} allowDecimal={false} value={form.passwordResets.count} onChange={(v) => set((f) => void (f.passwordResets.count = num(v)))} />
          <NumberInput label="Password reset window in minutes" description={`Default ${defaults.passwordResets.minutes}`} min={1} allowDecimal={false} value={form.passwordResets.minutes} onChange={(v) => set((f) => void (f.passwordResets.minutes = num(v)))} />
          <NumberInput label="Addresses of one user's logons" description={`MULTIPLE_LOGONS_BY_USER (default ${defaults.sharedLogons.addresses})`} min={2} allowDecimal={false} value={form.sharedLogons.addresses} onChange={(v) => set((f) => void (f.sharedLogons.addresses = num(v)))} />
          <NumberInput label="Logon addresses window in minutes" description={`Default ${defaults.sharedLogons.minutes}`} min={1} allowDecimal={false} value={form.sharedLogons.minutes} onChange={(v) => set((f) => void (f.sharedLogons.minutes = num(v)))} />
          <NumberInput label="Bank change to payment: days" description={`BANK_CHANGE_THEN_PAYMENT (default ${defaults.bankPaymentDays})`} min={1} allowDecimal={false} value={form.bankPaymentDays} onChange={(v) => set((f) => void (f.bankPaymentDays = num(v)))} />
        </SimpleGrid>
        {errors.numbers && (
          <Text c="red" size="sm" mt="xs" role="alert">
            {errors.numbers}
          </Text>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          The organisation's networks
        </Title>
        <Textarea
          label="Networks (CIDR ranges, one per line)"
          description="A successful logon from an address outside these ranges is UNEXPECTED_NETWORK_LOGON. While the list is empty (the default) no logon is judged."
          placeholder={'10.0.0.0/8\n192.168.10.0/24'}
          minRows={3}
          value={networksText}
          error={errors.networks}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setNetworksText(text);
            set((f) => void (f.networks = networksFromText(text)));
          }}
        />
      </Paper>
      <Group>
        <Button leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} onClick={() => void submit()}>
          Save thresholds
        </Button>
        <Button
          variant="default"
          leftSection={<IconRestore size={16} />}
          onClick={() => {
            setForm(structuredClone(defaults));
            setNetworksText(defaults.networks.join('\n'));
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
