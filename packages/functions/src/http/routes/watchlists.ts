/**
 * Administrators' detection watchlists (privileged users, sensitive profiles, sensitive roles, sensitive programs)
 * and thresholds (DETECTION.md section 4). Every route is admin-only; the router checks the
 * `admins` group and the CSRF token of mutating calls.
 */
import { z } from 'zod';
import { VisibleError } from '../errors.ts';
import type { RouteContext, RouteRegistrar } from '../types.ts';
import { emailsBySub, rememberPerson, withItemEmails } from '../../services/risk/people.ts';
import { descriptionSchema } from '../../services/risk/sap-ids.ts';
import { EXACTLY_ONE_SOURCE, hasOneSource, listSourceFields, readListSource } from './imports.ts';
import { readThresholds, saveThresholds } from '../../services/watchlists/thresholds.ts';
import { thresholdsSchema } from '../../services/watchlists/thresholds-schema.ts';
import { exportWatchlist, importWatchlistCsv } from '../../services/watchlists/watchlist-csv.ts';
import {
  createWatchlistEntry,
  deleteWatchlistEntry,
  listWatchlistEntries,
  updateWatchlistEntry,
} from '../../services/watchlists/watchlist-items.ts';
import {
  WATCHLISTS,
  WATCHLIST_NAMES,
  isWatchlistName,
  normaliseKind,
  normaliseWatchlistId,
  type WatchlistInfo,
} from '../../services/watchlists/watchlist-kinds.ts';
import { ensureWatchlistsSeeded } from '../../services/watchlists/watchlist-seed.ts';

const admin = { access: 'admin' } as const;

const listQuerySchema = z.object({
  search: z.string().max(100, 'must be at most 100 characters').optional(),
  kind: z.string().max(30, 'must be at most 30 characters').optional(),
});

const importSchema = z.object(listSourceFields).refine(hasOneSource, { message: EXACTLY_ONE_SOURCE, path: ['csvContent'] });

export function registerWatchlistRoutes(r: RouteRegistrar): void {
  r.route('GET', '/watchlists/{list}', admin, async ({ services, caller, params, req }: RouteContext) => {
    const info = watchlist(params.list);
    await ensureWatchlistsSeeded(services);
    const q = listQuerySchema.parse(nonEmpty(req.query));
    await rememberPerson(services, caller);
    // Added By names people by e-mail, as the high-risk lists do.
    return { status: 200, body: { entries: await withItemEmails(services, await listWatchlistEntries(services, info.name, q)) } };
  });

  r.route('POST', '/watchlists/{list}', admin, async ({ services, caller, params, body }: RouteContext) => {
    const info = watchlist(params.list);
    await ensureWatchlistsSeeded(services);
    const input = entrySchema(info, 'create').parse(body ?? {});
    await rememberPerson(services, caller);
    return { status: 201, body: await createWatchlistEntry(services, info.name, caller.sub, input) };
  });

  r.route('PUT', '/watchlists/{list}/{id}', admin, async ({ services, caller, params, body }: RouteContext) => {
    const info = watchlist(params.list);
    await ensureWatchlistsSeeded(services);
    const input = entrySchema(info, 'update').parse(body ?? {});
    await rememberPerson(services, caller);
    return { status: 200, body: await updateWatchlistEntry(services, info.name, caller.sub, { ...input, id: pathId(info, params.id) }) };
  });

  r.route('DELETE', '/watchlists/{list}/{id}', admin, async ({ services, caller, params }: RouteContext) => {
    const info = watchlist(params.list);
    await ensureWatchlistsSeeded(services);
    await rememberPerson(services, caller);
    return { status: 200, body: await deleteWatchlistEntry(services, info.name, caller.sub, pathId(info, params.id)) };
  });

  r.route('POST', '/watchlists/{list}/import', admin, async ({ services, caller, params, body }: RouteContext) => {
    const info = watchlist(params.list);
    await ensureWatchlistsSeeded(services);
    const input = importSchema.parse(body ?? {});
    const rows = await readListSource(services, caller, input);
    await rememberPerson(services, caller);
    return { status: 200, body: await importWatchlistCsv(services, info.name, caller.sub, rows) };
  });

  r.route('GET', '/watchlists/{list}/export', admin, async ({ services, params }) => {
    const info = watchlist(params.list);
    await ensureWatchlistsSeeded(services);
    return { status: 200, body: await exportWatchlist(services, info.name) };
  });

  r.route('GET', '/detection-thresholds', admin, async ({ services }) => {
    const state = await readThresholds(services);
    const email = state.lastModifiedBy ? (await emailsBySub(services, [state.lastModifiedBy])).get(state.lastModifiedBy) : undefined;
    return { status: 200, body: email ? { ...state, lastModifiedByEmail: email } : state };
  });

  r.route('PUT', '/detection-thresholds', admin, async ({ services, caller, body }: RouteContext) => {
    const input = thresholdsSchema.parse(body ?? {});
    await rememberPerson(services, caller);
    return { status: 200, body: await saveThresholds(services, caller.sub, input) };
  });
}

function watchlist(raw: string | undefined): WatchlistInfo {
  if (!raw || !isWatchlistName(raw)) {
    throw new VisibleError('NOT_FOUND', `Unknown watchlist "${raw ?? ''}"; expected one of ${WATCHLIST_NAMES.join(', ')}`);
  }
  return WATCHLISTS[raw];
}

/** The body of a create (id required; kind required where the list has kinds) or an update. */
function entrySchema(info: WatchlistInfo, mode: 'create' | 'update') {
  const id = z
    .string()
    .transform((s, ctx) => {
      const normal = normaliseWatchlistId(info, s);
      if (!normal) ctx.addIssue({ code: 'custom', message: `must be ${info.idRule}` });
      return normal ?? '';
    });
  const kind = z
    .string()
    .transform((s, ctx) => {
      const normal = normaliseKind(info, s);
      if (!normal) ctx.addIssue({ code: 'custom', message: `must be one of ${info.kinds.join(', ')}` });
      return normal ?? '';
    });
  const hasKinds = info.kinds.length > 0;
  const fields = {
    ...(mode === 'create' ? { id } : {}),
    ...(hasKinds ? { kind: mode === 'create' ? kind : kind.optional() } : {}),
    description: descriptionSchema.optional(),
  };
  return z.object(fields).strict() as unknown as z.ZodType<{ id: string; kind?: string; description?: string }>;
}

function pathId(info: WatchlistInfo, raw: string | undefined): string {
  const id = normaliseWatchlistId(info, raw ?? '');
  if (!id) throw new VisibleError('BAD_REQUEST', `Invalid ID in the path: must be ${info.idRule}`);
  return id;
}

/** Query strings send empty values for unused filters; treat them as absent. */
function nonEmpty(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
}
