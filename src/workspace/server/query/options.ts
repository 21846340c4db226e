import { ApiError } from '../api-error.js';
import { isObj, type Json } from './values.js';
import { v1Errors } from '../../wire/index.js';

/** The `options` of a v1 query, read. */
export interface QueryOptions {
  limit?: number;
  orderBy?: { field: string; desc: boolean };
  set?: boolean;
}

/**
 * Reads the `options` of a query (`{limit}`, `{order_by}`, `{set}`); a bad one is an error
 * naming it.
 *
 * @example
 * ```ts
 * parseOptions([{ limit: 10 }, { order_by: '-last_edited' }]); // { limit: 10, orderBy: … }
 * ```
 */
export function parseOptions(options: unknown): QueryOptions {
  const out: QueryOptions = {};
  if (options === undefined) return out;
  if (!Array.isArray(options))
    throw new ApiError(v1Errors.badProperty.text('options', 'must be array'));
  for (const o of options) {
    if (!isObj(o) || Object.keys(o).length !== 1) {
      throw new ApiError('each element of options must be an object with one key');
    }
    const [k, v] = Object.entries(o)[0] as [string, Json];
    if (k === 'limit') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
        throw new ApiError(v1Errors.badOption.text('limit', 'must be a non-negative integer'));
      }
      out.limit = v;
    } else if (k === 'order_by') {
      if (typeof v !== 'string' || v.replace(/^-/, '') === '') {
        throw new ApiError(v1Errors.badOption.text('order_by', 'must be a field name'));
      }
      out.orderBy = { field: v.replace(/^-/, ''), desc: v.startsWith('-') };
    } else if (k === 'set') {
      if (typeof v !== 'boolean')
        throw new ApiError(v1Errors.badOption.text('set', 'must be a boolean'));
      out.set = v;
    } else {
      throw new ApiError(v1Errors.unknownOption.text(k));
    }
  }
  return out;
}

/** The rows in the order and number the options ask for. */
export function applyOrder<T extends object>(rows: T[], opts: QueryOptions): T[] {
  let out = rows;
  if (opts.orderBy !== undefined) {
    const { field, desc } = opts.orderBy;
    out = [...out].sort((a, b) => {
      const x = (a as Record<string, unknown>)[field];
      const y = (b as Record<string, unknown>)[field];
      const c = JSON.stringify(x ?? null) < JSON.stringify(y ?? null) ? -1 : x === y ? 0 : 1;
      const n = typeof x === 'number' && typeof y === 'number' ? x - y : c;
      return desc ? -n : n;
    });
  }
  if (opts.limit !== undefined) out = out.slice(0, opts.limit);
  return out;
}
