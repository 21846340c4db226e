import { isAbsolute, normalize } from 'node:path';
import { ApiError } from '../api-error.js';
import { canAccess, type QueryContext, type TableQuery } from './context.js';
import { applyOrder } from './options.js';
import { checkFields, fill, matches, type Obj } from './values.js';
import { v1Errors } from '../../wire/index.js';

const PUBLIC_PATH_FIELDS = new Set([
  'id',
  'project_id',
  'path',
  'description',
  'disabled',
  'created',
  'last_edited',
]);

/**
 * Runs a query of `public_paths` of one project the caller may read (or, for a set,
 * write): a set publishes a path of it, or changes its description or `disabled`.
 *
 * @example
 * ```ts
 * queryPublicPaths(ctx, { table: 'public_paths', rec: { project_id: id, path: null }, many: true, isGet: true, opts: {} });
 * ```
 */
export function queryPublicPaths(ctx: QueryContext, q: TableQuery): Obj {
  const { rec, many, isGet, opts } = q;
  checkFields('public_paths', rec, PUBLIC_PATH_FIELDS, isGet);
  const projectId = rec.project_id;
  if (typeof projectId !== 'string') {
    throw new ApiError(v1Errors.mustBeSpecified.text('public_paths.project_id'));
  }
  const project = ctx.store.getProject(projectId);
  if (!isGet) {
    if (many)
      throw new ApiError(
        v1Errors.queryForm.text('public_paths', 'in array form can only be a get'),
      );
    if (!canAccess(project, ctx.accountId)) throw new ApiError(v1Errors.noWriteAccess.text);
    setPublicPath(ctx, projectId, rec);
    return {};
  }
  if (!canAccess(project, ctx.accountId)) throw new ApiError(v1Errors.noReadAccess.text);
  let rows = ctx.store.listPublicPaths(projectId).filter((r) => matches(rec, r));
  rows = applyOrder(rows, opts);
  const filled = rows.map((r) => fill(rec, r));
  return { public_paths: many ? filled : (filled[0] ?? null) };
}

function setPublicPath(ctx: QueryContext, projectId: string, rec: Obj): void {
  const path = rec.path;
  if (typeof path !== 'string')
    throw new ApiError(v1Errors.mustBeSpecified.text('public_paths.path'));
  const n = normalize(path);
  if (isAbsolute(path) || n === '..' || n.startsWith('../')) {
    throw new ApiError(`public_paths.path '${path}' must be a path inside the project`);
  }
  for (const k of Object.keys(rec)) {
    if (k === 'id' || k === 'created' || k === 'last_edited') {
      throw new ApiError(v1Errors.changeNotAllowed.text(`public_paths.${k}`));
    }
  }
  if ('description' in rec && typeof rec.description !== 'string') {
    throw new ApiError('public_paths.description must be a string');
  }
  if ('disabled' in rec && typeof rec.disabled !== 'boolean') {
    throw new ApiError('public_paths.disabled must be a boolean');
  }
  ctx.store.upsertPublicPath({
    projectId,
    path,
    ...(typeof rec.description === 'string' ? { description: rec.description } : {}),
    ...(typeof rec.disabled === 'boolean' ? { disabled: rec.disabled } : {}),
  });
  ctx.store.updateProject(projectId, { last_edited: new Date().toISOString() });
}
