/**
 * Administrators' high-risk lists (tables and transaction codes), categories, audit log,
 * CSV import and export. Every route is admin-only; the router checks the `admins` group.
 */
import { z } from 'zod';
import { VisibleError } from '../errors.ts';
import type { RouteContext, RouteRegistrar } from '../types.ts';
import { AUDIT_LIMIT_DEFAULT, AUDIT_LIMIT_MAX, listAudit } from '../../services/risk/audit-log.ts';
import { exportRiskLists } from '../../services/risk/risk-export.ts';
import { importRiskCsv, previewRiskImport } from '../../services/risk/risk-import.ts';
import {
  createRiskItem,
  deleteRiskItem,
  listRiskCategories,
  listRiskItems,
  updateRiskItem,
} from '../../services/risk/risk-items.ts';
import type { RiskKind } from '../../services/risk/risk-kinds.ts';
import { categorySchema, descriptionSchema, sapIdSchema } from '../../services/risk/sap-ids.ts';
import { ensureSeeded } from '../../services/risk/seed.ts';
import { EXACTLY_ONE_SOURCE, hasOneSource, listSourceFields, readListSource } from './imports.ts';
import { rememberPerson, withAuditEmails, withItemEmails } from '../../services/risk/people.ts';


const admin = { access: 'admin' } as const;

const listQuerySchema = z.object({
  search: z.string().max(100, 'must be at most 100 characters').optional(),
  category: z.string().max(60, 'must be at most 60 characters').optional(),
});

const updateSchema = z.object({ category: categorySchema, description: descriptionSchema.optional() });

const auditQuerySchema = z.object({
  userId: z.string().max(200).optional(),
  itemId: z.string().max(200).optional(),
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(AUDIT_LIMIT_MAX, `must be at most ${AUDIT_LIMIT_MAX}`)
    .optional(),
});

const importSchema = z
  .object({ type: z.enum(['tables', 'tcodes'], { message: "must be 'tables' or 'tcodes'" }), preview: z.boolean().optional(), ...listSourceFields })
  .refine(hasOneSource, { message: EXACTLY_ONE_SOURCE, path: ['csvContent'] });

/** The two lists differ only in path, ID field and answer field. */
const LISTS: { kind: RiskKind; path: string; idField: 'tableId' | 'tcodeId'; answerField: 'tables' | 'tcodes' }[] = [
  { kind: 'table', path: '/risk-tables', idField: 'tableId', answerField: 'tables' },
  { kind: 'tcode', path: '/risk-tcodes', idField: 'tcodeId', answerField: 'tcodes' },
];

export function registerRiskRoutes(r: RouteRegistrar): void {
  for (const list of LISTS) registerListRoutes(r, list);

  r.route('GET', '/risk-categories', admin, async ({ services }) => {
    await ensureSeeded(services);
    return { status: 200, body: { categories: await listRiskCategories(services) } };
  });

  r.route('GET', '/risk-audit-log', admin, async ({ services, caller, req }) => {
    const q = auditQuerySchema.parse(nonEmpty(req.query));
    await rememberPerson(services, caller);
    const auditLog = await listAudit(services, { userId: q.userId, itemId: q.itemId, limit: q.limit ?? AUDIT_LIMIT_DEFAULT });
    return { status: 200, body: { auditLog: await withAuditEmails(services, auditLog) } };
  });

  r.route('POST', '/risk-import', admin, async ({ services, caller, body }: RouteContext) => {
    await ensureSeeded(services);
    const input = importSchema.parse(body ?? {});
    const rows = await readListSource(services, caller, input);
    await rememberPerson(services, caller);
    // preview: what the import would do (new, changed field by field, unchanged, categories matched), nothing written.
    if (input.preview) return { status: 200, body: { preview: await previewRiskImport(services, input.type === 'tables' ? 'table' : 'tcode', rows) } };
    const result = await importRiskCsv(services, input.type === 'tables' ? 'table' : 'tcode', caller.sub, rows);
    return { status: 200, body: result };
  });

  r.route('GET', '/risk-export', admin, async ({ services }) => {
    await ensureSeeded(services);
    return { status: 200, body: await exportRiskLists(services) };
  });
}

function registerListRoutes(r: RouteRegistrar, list: (typeof LISTS)[number]): void {
  const createSchema = z.object({
    [list.idField]: sapIdSchema,
    category: categorySchema,
    description: descriptionSchema.optional(),
  });

  r.route('GET', list.path, admin, async ({ services, caller, req }) => {
    await ensureSeeded(services);
    const q = listQuerySchema.parse(nonEmpty(req.query));
    await rememberPerson(services, caller);
    return { status: 200, body: { [list.answerField]: await withItemEmails(services, await listRiskItems(services, list.kind, q)) } };
  });

  r.route('POST', list.path, admin, async ({ services, caller, body }: RouteContext) => {
    await ensureSeeded(services);
    const input = createSchema.parse(body ?? {}) as Record<string, string | undefined>;
    await rememberPerson(services, caller);
    const item = await createRiskItem(services, list.kind, caller.sub, {
      id: input[list.idField]!,
      category: input.category!,
      description: input.description,
    });
    return { status: 201, body: item };
  });

  r.route('PUT', `${list.path}/{id}`, admin, async ({ services, caller, body, params }: RouteContext) => {
    await ensureSeeded(services);
    const id = pathId(params.id);
    const input = updateSchema.parse(body ?? {});
    await rememberPerson(services, caller);
    const item = await updateRiskItem(services, list.kind, caller.sub, { id, ...input });
    return { status: 200, body: item };
  });

  r.route('DELETE', `${list.path}/{id}`, admin, async ({ services, caller, params }: RouteContext) => {
    await ensureSeeded(services);
    await rememberPerson(services, caller);
    const item = await deleteRiskItem(services, list.kind, caller.sub, pathId(params.id));
    return { status: 200, body: item };
  });
}

function pathId(raw: string | undefined): string {
  const parsed = sapIdSchema.safeParse(raw ?? '');
  if (!parsed.success) throw new VisibleError('BAD_REQUEST', `Invalid ID in the path: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** Query strings send empty values for unused filters (`?search=&category=`); treat them as absent. */
function nonEmpty(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
}
