import { ApiError } from '../api-error.js';
import { queryAccounts } from './accounts.js';
import type { QueryContext } from './context.js';
import { parseOptions } from './options.js';
import { queryProjects } from './projects.js';
import { queryPublicPaths } from './public-paths.js';
import { dropNulls, hasNull, isObj, type Json, type Obj } from './values.js';
import { v1Errors } from '../../wire/index.js';

/**
 * Runs a `query` (seed §4.1 and the notes) for the account `ctx.accountId` and returns the
 * value of the response's `query` field.
 *
 * @example
 * ```ts
 * runQuery(ctx, { projects_all: [{ project_id: null, title: null }] }, undefined);
 * ```
 */
export async function runQuery(ctx: QueryContext, query: unknown, options: unknown): Promise<Obj> {
  if (!isObj(query) || Object.keys(query).length !== 1) throw new ApiError(v1Errors.oneKey.text);
  const [table, value] = Object.entries(query)[0] as [string, Json];
  const many = Array.isArray(value);
  let rec: Obj;
  if (many) {
    if (value.length !== 1 || !isObj(value[0])) {
      throw new ApiError(
        v1Errors.queryForm.text(table, 'in array form must hold exactly one object'),
      );
    }
    rec = value[0];
  } else if (isObj(value)) {
    rec = value;
  } else {
    throw new ApiError(
      v1Errors.queryForm.text(table, 'must be an object or an array holding one object'),
    );
  }
  const opts = parseOptions(options);
  const isGet = opts.set !== undefined ? !opts.set : hasNull(rec);
  if (!isGet && opts.set === true) rec = dropNulls(rec);
  const q = { table, rec, many, isGet, opts };
  switch (table) {
    case 'projects':
    case 'projects_all':
      return queryProjects(ctx, q);
    case 'accounts':
      return queryAccounts(ctx, q);
    case 'public_paths':
      return queryPublicPaths(ctx, q);
    default:
      throw new ApiError(v1Errors.unknownTable.text(table));
  }
}
