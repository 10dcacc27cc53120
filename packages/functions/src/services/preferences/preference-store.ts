/** Preferences under the user's partition: `USER#<sub>` / `PREF#<type>`. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { VisibleError } from '../../http/errors.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import {
  isPreferenceType,
  PREFERENCE_DEFAULTS,
  PREFERENCE_SCHEMAS,
  PREFERENCE_TYPES,
  type AiSettings,
  type HolidayCalendarPreference,
  type PreferenceType,
} from './schemas.ts';

type PreferenceValue<T extends PreferenceType> = T extends 'ai_settings' ? AiSettings : HolidayCalendarPreference;

/** 400 for an unknown type, naming the known ones. */
export function assertPreferenceType(type: string): PreferenceType {
  if (!isPreferenceType(type)) {
    throw new VisibleError('BAD_REQUEST', `Unknown preference type "${type}"; expected one of ${PREFERENCE_TYPES.join(', ')}`);
  }
  return type;
}

/** The stored preference merged over its defaults (a stored value from an older shape still reads). */
export async function getPreference<T extends PreferenceType>(services: Services, userSub: string, type: T): Promise<PreferenceValue<T>> {
  const out = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.user(userSub), sk: keys.preference(type) } }),
  );
  const stored = (out.Item?.preferences ?? {}) as Record<string, unknown>;
  const parsed = PREFERENCE_SCHEMAS[type].safeParse({ ...PREFERENCE_DEFAULTS[type], ...stored });
  return (parsed.success ? parsed.data : PREFERENCE_DEFAULTS[type]) as PreferenceValue<T>;
}

export async function getAllPreferences(services: Services, userSub: string): Promise<Record<PreferenceType, unknown>> {
  const entries = await Promise.all(PREFERENCE_TYPES.map(async (t) => [t, await getPreference(services, userSub, t)] as const));
  return Object.fromEntries(entries) as Record<PreferenceType, unknown>;
}

/** Validates `value` for `type` (400 naming the bad field) and stores it; returns what was stored. */
export async function putPreference(services: Services, userSub: string, type: PreferenceType, value: unknown): Promise<unknown> {
  const parsed = PREFERENCE_SCHEMAS[type].safeParse(value);
  if (!parsed.success) {
    throw new VisibleError('BAD_REQUEST', `Invalid ${type} preferences: ${z.prettifyError(parsed.error)}`);
  }
  await services.ddb.send(
    new PutCommand({
      TableName: services.config.tableName,
      Item: {
        pk: keys.user(userSub),
        sk: keys.preference(type),
        preferenceType: type,
        preferences: parsed.data,
        updatedAt: new Date().toISOString(),
      },
    }),
  );
  return parsed.data;
}
