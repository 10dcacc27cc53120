import { useEffect, useState } from 'react';
import { Button, Card, Group, Select, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/api-error.ts';
import { preferencesQuery, queryKeys } from '../../api/queries.ts';
import { HOLIDAY_COUNTRIES } from './countries.ts';
import { browserTimeZone, timeZoneOptions } from './time-zones.ts';

interface Calendar {
  country: string;
  region?: string;
  /** IANA time zone of the user's analyses (DETECTION.md section 4); UTC unless chosen. */
  timeZone?: string;
}

const DEFAULT: Calendar = { country: 'US', timeZone: 'UTC' };
const TIME_ZONES = timeZoneOptions();

/**
 * The user's holiday calendar (DECISIONS.md, further 3) and time zone: CHANGE_TIMING_FLAG treats
 * its holidays like weekends, and timestamps with `Z` or an offset are read in the time zone.
 * Saved as the `holiday_calendar` preference and used by every new analysis.
 */
export function HolidayCalendarCard() {
  const queryClient = useQueryClient();
  const saved = useQuery(preferencesQuery('holiday_calendar'));
  const current = (saved.data as Calendar | null) ?? DEFAULT;
  const [country, setCountry] = useState(current.country);
  const [region, setRegion] = useState(current.region ?? '');
  const savedZone = current.timeZone ?? 'UTC';
  const [timeZone, setTimeZone] = useState(savedZone);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    setCountry(current.country);
    setRegion(current.region ?? '');
    setTimeZone(savedZone);
  }, [current.country, current.region, savedZone]);

  const save = useMutation({
    mutationFn: (calendar: Calendar) =>
      api.put('/preferences/holiday_calendar', { preferenceType: 'holiday_calendar', preferences: calendar }, { fallback: 'Failed to save preferences' }),
    onSuccess: async () => {
      setStatus({ ok: true, text: 'Saved' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.preferences('holiday_calendar') });
    },
    onError: (err) => setStatus({ ok: false, text: errorMessage(err, 'Save failed') }),
  });

  const trimmedRegion = region.trim().toUpperCase();
  const changed = country !== current.country || trimmedRegion !== (current.region ?? '') || timeZone !== savedZone;
  const localZone = browserTimeZone();

  return (
    <Card withBorder component="section" aria-labelledby="holiday-calendar-title">
      <Text id="holiday-calendar-title" fw={600} mb={4}>
        Holiday calendar and time zone
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Changes on these public holidays count as after-hours changes (CHANGE_TIMING_FLAG), like weekends. Times with a
        zone (…T20:03:11Z) are read in your time zone first.
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label="Country"
          data={HOLIDAY_COUNTRIES}
          value={country}
          onChange={(v) => {
            setCountry(v ?? 'US');
            setStatus(null);
          }}
          searchable
          allowDeselect={false}
          w={220}
        />
        <TextInput
          label="Region (optional)"
          description="State or region code, e.g. BY, CA"
          value={region}
          onChange={(e) => {
            setRegion(e.currentTarget.value);
            setStatus(null);
          }}
          maxLength={10}
          w={180}
        />
        <Select
          label="Time zone"
          description={localZone && localZone !== timeZone ? `Your browser: ${localZone}` : 'IANA name, e.g. Europe/Berlin'}
          data={TIME_ZONES}
          value={timeZone}
          onChange={(v) => {
            setTimeZone(v ?? 'UTC');
            setStatus(null);
          }}
          searchable
          allowDeselect={false}
          limit={50}
          w={240}
        />
        <Button
          variant="light"
          disabled={!changed || save.isPending}
          onClick={() => save.mutate(trimmedRegion ? { country, region: trimmedRegion, timeZone } : { country, timeZone })}
        >
          {save.isPending ? 'Saving...' : 'Save calendar'}
        </Button>
      </Group>
      {status && (
        <Text size="sm" mt="xs" c={status.ok ? 'teal.8' : 'red.8'} role="status">
          {status.text}
        </Text>
      )}
    </Card>
  );
}
