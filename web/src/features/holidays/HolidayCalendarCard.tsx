import { useEffect, useState } from 'react';
import { Button, Card, Group, Select, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/api-error.ts';
import { preferencesQuery, queryKeys } from '../../api/queries.ts';
import { HOLIDAY_COUNTRIES } from './countries.ts';

interface Calendar {
  country: string;
  region?: string;
}

const DEFAULT: Calendar = { country: 'US' };

/**
 * The user's holiday calendar (DECISIONS.md, further 3): CHANGE_TIMING_FLAG treats its holidays
 * like weekends. Saved as the `holiday_calendar` preference and used by every new analysis.
 */
export function HolidayCalendarCard() {
  const queryClient = useQueryClient();
  const saved = useQuery(preferencesQuery('holiday_calendar'));
  const current = (saved.data as Calendar | null) ?? DEFAULT;
  const [country, setCountry] = useState(current.country);
  const [region, setRegion] = useState(current.region ?? '');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    setCountry(current.country);
    setRegion(current.region ?? '');
  }, [current.country, current.region]);

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
  const changed = country !== current.country || trimmedRegion !== (current.region ?? '');

  return (
    <Card withBorder component="section" aria-labelledby="holiday-calendar-title">
      <Text id="holiday-calendar-title" fw={600} mb={4}>
        Holiday calendar
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Changes on these public holidays count as after-hours changes (CHANGE_TIMING_FLAG), like weekends.
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
        <Button
          variant="light"
          disabled={!changed || save.isPending}
          onClick={() => save.mutate(trimmedRegion ? { country, region: trimmedRegion } : { country })}
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
