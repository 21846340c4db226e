import { v1Errors, type ProjectUser } from '../../wire/index.js';
import { ApiError } from '../api-error.js';
import type { StoredProject } from '../store.js';
import { canAccess, type QueryContext, type TableQuery } from './context.js';
import { applyOrder, type QueryOptions } from './options.js';
import { checkUserChanges, checkUsers } from './users.js';
import { checkFields, fill, isObj, matches, merge, type Json, type Obj } from './values.js';

/** How long a project stays in the array form of `projects` after its last edit. */
export const ACTIVE_WINDOW_MS = 21 * 24 * 3600 * 1000;

const PROJECT_SET_FIELDS = new Set([
  'project_id',
  'title',
  'description',
  'users',
  'action_request',
]);
// What may be read: what may be set, and what only the server changes.
const PROJECT_GET_FIELDS = new Set([...PROJECT_SET_FIELDS, 'state', 'last_edited', 'created']);

/**
 * Runs a query of `projects` or `projects_all` (the latter only in array form, and without
 * the window of recent activity); a set changes one project and may start or stop it.
 *
 * @example
 * ```ts
 * await queryProjects(ctx, { table: 'projects_all', rec: { project_id: null }, many: true, isGet: true, opts: {} });
 * ```
 */
export async function queryProjects(ctx: QueryContext, q: TableQuery): Promise<Obj> {
  const { table, rec, many, isGet, opts } = q;
  if (table === 'projects_all' && !many) {
    throw new ApiError(
      v1Errors.queryForm.text('projects_all', 'must be an array holding one object'),
    );
  }
  if (!isGet) {
    if (many) throw new ApiError(v1Errors.queryForm.text(table, 'in array form can only be a get'));
    await setProject(ctx, rec);
    return {};
  }
  return { [table]: getProjects(ctx, rec, many, table === 'projects', opts) };
}

function projectView(ctx: QueryContext, p: StoredProject): Record<string, unknown> {
  return {
    project_id: p.project_id,
    title: p.title,
    description: p.description,
    users: p.users,
    state: { state: ctx.projects.stateOf(p.project_id), time: p.state_time },
    last_edited: p.last_edited,
    created: p.created,
    action_request: p.action_request,
  };
}

function getProjects(
  ctx: QueryContext,
  rec: Obj,
  many: boolean,
  windowed: boolean,
  opts: QueryOptions,
): Json {
  checkFields('projects', rec, PROJECT_GET_FIELDS, true);
  let candidates: StoredProject[];
  if (typeof rec.project_id === 'string') {
    const p = ctx.store.getProject(rec.project_id);
    if (!canAccess(p, ctx.accountId)) throw new ApiError(v1Errors.noReadAccess.text);
    candidates = [p];
  } else {
    const since =
      many && windowed ? new Date(Date.now() - ACTIVE_WINDOW_MS).toISOString() : undefined;
    candidates = ctx.store.listProjectsOf(ctx.accountId, since);
  }
  let views = candidates.map((p) => projectView(ctx, p)).filter((v) => matches(rec, v));
  views = applyOrder(views, opts);
  const filled = views.map((v) => fill(rec, v));
  return many ? filled : (filled[0] ?? null);
}

async function setProject(ctx: QueryContext, rec: Obj): Promise<void> {
  checkFields('projects', rec, PROJECT_SET_FIELDS, false);
  const projectId = rec.project_id;
  if (typeof projectId !== 'string')
    throw new ApiError(v1Errors.mustBeSpecified.text('projects.project_id'));
  const project = ctx.store.getProject(projectId);
  if (!canAccess(project, ctx.accountId)) throw new ApiError(v1Errors.noWriteAccess.text);
  const patch: Partial<StoredProject> = {};
  for (const k of ['title', 'description'] as const) {
    if (k in rec) {
      const v = rec[k];
      if (typeof v !== 'string') throw new ApiError(`projects.${k} must be a string`);
      patch[k] = v;
    }
  }
  if ('users' in rec) {
    const users = checkUsers(rec.users as Json);
    checkUserChanges(ctx, project, users);
    const merged = merge(project.users as unknown as Obj, users) as Record<string, ProjectUser>;
    for (const [id, entry] of Object.entries(merged)) {
      if (entry.group === undefined) {
        throw new ApiError(`projects.users.${id}.group must be specified for a new user`);
      }
    }
    if (Object.values(merged).filter((u) => u.group === 'owner').length !== 1) {
      throw new ApiError('a project must have exactly one owner');
    }
    patch.users = merged;
  }
  let action: string | undefined;
  if ('action_request' in rec) {
    const a = rec.action_request;
    if (!isObj(a) || typeof a.action !== 'string') {
      throw new ApiError('projects.action_request must be an object with a string action');
    }
    if (a.action !== 'start' && a.action !== 'stop') {
      throw new ApiError(v1Errors.actionNotImplemented.text(a.action));
    }
    action = a.action;
    patch.action_request = { action, time: new Date().toISOString() };
  }
  patch.last_edited = new Date().toISOString();
  ctx.store.updateProject(projectId, patch);
  if (action === 'start') {
    // The set returns at once; the start goes on in the background.
    ctx.projects.start(projectId).catch(() => {});
  } else if (action === 'stop') {
    ctx.projects.stop(projectId);
  }
}
