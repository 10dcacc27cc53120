import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { searchMasterList } from './risk-api.ts';
import type { RiskKindInfo } from './risk-kinds.ts';

/** Autocomplete starts at 2 characters, waits 300 ms after typing, asks for 20 (spec section 5). */
export const AUTOCOMPLETE_MIN_CHARS = 2;
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;

/** Master-list suggestions for a typed ID (already upper-cased by the caller). */
export function useMasterSearch(info: RiskKindInfo, typed: string, enabled: boolean) {
  const [query] = useDebouncedValue(typed.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const active = enabled && query.length >= AUTOCOMPLETE_MIN_CHARS;
  const result = useQuery({
    queryKey: ['master-search', info.kind, query],
    queryFn: () => searchMasterList(info, query),
    enabled: active,
    staleTime: 60_000,
  });
  return { results: active ? (result.data ?? []) : [], loading: active && result.isFetching };
}
