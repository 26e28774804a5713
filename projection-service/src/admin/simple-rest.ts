import type { Request, Response } from 'express';
import { z } from 'zod';
import { refused } from '@circuit/shared/commands/domain-errors';

/**
 * The ra-data-simple-rest dialect (docs/decisions.md#d20-the-admin-api-speaks-ra-data-simple-rest-one-access-table):
 * `GET /<resource>?sort=["field","ASC"]&range=[0,24]&filter={...}`, each parameter JSON-encoded,
 * the range inclusive, answered by the bare array and `Content-Range: <resource> 0-24/319`.
 */

/** The most records one list request may return (react-admin's export asks for 1000). */
export const MAX_PAGE_SIZE = 1000;

export type SortOrder = 'asc' | 'desc';

export interface ListQuery<F, S extends string> {
  sort: { field: S; order: SortOrder };
  /** Inclusive, as the dialect has it. */
  range: { start: number; end: number };
  filter: F;
}

export interface ListQuerySpec<F, S extends string> {
  resource: string;
  /** The only fields a client may sort on. */
  sortable: readonly S[];
  defaultSort: { field: S; order: SortOrder };
  /** Validates the decoded `filter` object; unknown keys should fail (z.strictObject). */
  filter: z.ZodType<F>;
}

const SORT_SHAPE = 'sort must be a JSON array like ["field","ASC"]';
const SortParam = z.tuple([z.string({ error: SORT_SHAPE }), z.string({ error: SORT_SHAPE })], { error: SORT_SHAPE });
const RANGE_SHAPE = 'range must be a JSON array of two whole numbers from 0, like [0,24]';
const bound = z.number({ error: RANGE_SHAPE }).int({ error: RANGE_SHAPE }).min(0, { error: RANGE_SHAPE });
const RangeParam = z
  .tuple([bound, bound], { error: RANGE_SHAPE })
  .refine(([start, end]) => end >= start, { error: 'range must end at or after its start' })
  .refine(([start, end]) => end - start + 1 <= MAX_PAGE_SIZE, {
    error: `range may span at most ${MAX_PAGE_SIZE} records`,
  });
const FilterParam = z.record(z.string(), z.unknown(), { error: 'filter must be a JSON object like {"q":"ada"}' });

/** One query parameter, JSON-decoded; undefined when absent. */
function jsonParam(req: Request, name: string): unknown {
  const raw = req.query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw refused(`Query parameter "${name}" must be given once, as JSON`);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw refused(`Query parameter "${name}" is not valid JSON`);
  }
}

/** Validates a decoded parameter; the 400's message names the failing field when `prefix` is given. */
function check<T>(schema: z.ZodType<T>, value: unknown, prefix?: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = prefix !== undefined && issue && issue.path.length > 0 ? `${prefix}${issue.path.join('.')}: ` : '';
  throw refused(`${where}${issue?.message ?? 'Invalid query'}`, { details: result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) });
}

export function parseListQuery<F, S extends string>(req: Request, spec: ListQuerySpec<F, S>): ListQuery<F, S> {
  const sortRaw = jsonParam(req, 'sort');
  let sort = spec.defaultSort;
  if (sortRaw !== undefined) {
    const [field, order] = check(SortParam, sortRaw);
    if (!(spec.sortable as readonly string[]).includes(field)) {
      throw refused(`Cannot sort ${spec.resource} by "${field}"; sortable fields: ${spec.sortable.join(', ')}`);
    }
    const o = order.toLowerCase();
    if (o !== 'asc' && o !== 'desc') throw refused('Sort order must be "ASC" or "DESC"');
    sort = { field: field as S, order: o };
  }

  const rangeRaw = jsonParam(req, 'range');
  const [start, end] = rangeRaw === undefined ? [0, MAX_PAGE_SIZE - 1] : check(RangeParam, rangeRaw);

  const filterRaw = jsonParam(req, 'filter');
  const filterObject = filterRaw === undefined ? {} : check(FilterParam, filterRaw);
  const filter = check(spec.filter, filterObject, 'filter.');

  return { sort, range: { start, end }, filter };
}

/** Answers a list: the bare array plus the `Content-Range` header the data provider reads the total from. */
export function sendList(res: Response, resource: string, page: { start: number; rows: unknown[]; total: number }): void {
  const { start, rows, total } = page;
  const span = rows.length > 0 ? `${start}-${start + rows.length - 1}` : '*';
  res.setHeader('Content-Range', `${resource} ${span}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  res.json(rows);
}

/** A strict filter object whose unknown keys fail with "Unknown filter: x". */
export const filterObject = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter: ${issue.keys.join(', ')}` : undefined),
  });

/** Accepts one value or a list of them (react-admin sends `{ id: [..] }` for getMany). */
export const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<T>[]);

/** A boolean filter: JSON true/false, or the strings "true"/"false". */
export const booleanFilter = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

/** Escapes LIKE wildcards so a search for "50%" means the text. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
