import { isAbsolute, normalize } from 'node:path';
import {
  DEFAULT_EDITOR_SETTINGS,
  EDITOR_SETTING_TYPES,
  UPGRADE_FIELDS,
  type EditorSettings,
  type ProjectUser,
} from '../wire/index.js';
import { ApiError, messages } from './api-error.js';
import type { ProjectManager } from './project-manager.js';
import type { StoredProject, WorkspaceStore } from './store.js';

/** How long a project stays in the array form of `projects` after its last edit. */
export const ACTIVE_WINDOW_MS = 21 * 24 * 3600 * 1000;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Rule 1: a query is a get when any value at any depth is null. */
export function hasNull(v: Json): boolean {
  if (v === null) return true;
  if (Array.isArray(v)) return v.some(hasNull);
  if (isObj(v)) return Object.values(v).some(hasNull);
  return false;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether every non-null leaf of `q` equals the stored value at the same place. */
function matches(q: Json, stored: unknown): boolean {
  if (q === null) return true;
  if (isObj(q)) {
    if (!isObj(stored)) return false;
    return Object.entries(q).every(([k, v]) => matches(v, stored[k]));
  }
  return deepEqual(q, stored);
}

/** Rule 4: the query object with its nulls replaced by the stored values. */
function fill(q: Json, stored: unknown): Json {
  if (q === null) return stored === undefined ? null : (stored as Json);
  if (isObj(q)) {
    const out: Obj = {};
    const s = isObj(stored) ? stored : {};
    for (const [k, v] of Object.entries(q)) out[k] = fill(v, s[k]);
    return out;
  }
  return q;
}

/** Recursive merge (rule 6): objects merge, scalars and arrays replace. */
function merge(target: Obj, patch: Obj): Obj {
  const out: Obj = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    const t = out[k];
    out[k] = isObj(v) && isObj(t) ? merge(t, v) : v;
  }
  return out;
}

interface Options {
  limit?: number;
  orderBy?: { field: string; desc: boolean };
  set?: boolean;
}

function parseOptions(options: unknown): Options {
  const out: Options = {};
  if (options === undefined) return out;
  if (!Array.isArray(options)) throw new ApiError("property 'options' must be array");
  for (const o of options) {
    if (!isObj(o) || Object.keys(o).length !== 1) {
      throw new ApiError('each element of options must be an object with one key');
    }
    const [k, v] = Object.entries(o)[0] as [string, Json];
    if (k === 'limit') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
        throw new ApiError("option 'limit' must be a non-negative integer");
      }
      out.limit = v;
    } else if (k === 'order_by') {
      if (typeof v !== 'string' || v.replace(/^-/, '') === '') {
        throw new ApiError("option 'order_by' must be a field name");
      }
      out.orderBy = { field: v.replace(/^-/, ''), desc: v.startsWith('-') };
    } else if (k === 'set') {
      if (typeof v !== 'boolean') throw new ApiError("option 'set' must be a boolean");
      out.set = v;
    } else {
      throw new ApiError(messages.unknownOption(k));
    }
  }
  return out;
}

function dropNulls(v: Obj): Obj {
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === null) continue;
    out[k] = isObj(x) ? dropNulls(x) : x;
  }
  return out;
}

/** The context a query runs in. */
export interface QueryContext {
  accountId: string;
  store: WorkspaceStore;
  projects: ProjectManager;
}

const PROJECT_GET_FIELDS = new Set([
  'project_id',
  'title',
  'description',
  'users',
  'state',
  'last_edited',
  'created',
  'action_request',
]);
const PROJECT_SET_FIELDS = new Set([
  'project_id',
  'title',
  'description',
  'users',
  'action_request',
]);
const ACCOUNT_FIELDS = new Set(['account_id', 'editor_settings']);
const PUBLIC_PATH_FIELDS = new Set([
  'id',
  'project_id',
  'path',
  'description',
  'disabled',
  'created',
  'last_edited',
]);

function groupOf(project: StoredProject, accountId: string): string | undefined {
  return project.users[accountId]?.group;
}

function canAccess(
  project: StoredProject | undefined,
  accountId: string,
): project is StoredProject {
  const g = project === undefined ? undefined : groupOf(project, accountId);
  return g === 'owner' || g === 'collaborator';
}

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
  if (!isObj(query) || Object.keys(query).length !== 1) throw new ApiError(messages.oneKey);
  const [table, value] = Object.entries(query)[0] as [string, Json];
  const many = Array.isArray(value);
  let rec: Obj;
  if (many) {
    if (value.length !== 1 || !isObj(value[0])) {
      throw new ApiError(`query.${table} in array form must hold exactly one object`);
    }
    rec = value[0];
  } else if (isObj(value)) {
    rec = value;
  } else {
    throw new ApiError(`query.${table} must be an object or an array holding one object`);
  }
  const opts = parseOptions(options);
  const isGet = opts.set !== undefined ? !opts.set : hasNull(rec);
  if (!isGet && opts.set === true) rec = dropNulls(rec);

  switch (table) {
    case 'projects':
    case 'projects_all': {
      if (table === 'projects_all' && !many) {
        throw new ApiError('query.projects_all must be an array holding one object');
      }
      if (!isGet) {
        if (many) throw new ApiError(`query.${table} in array form can only be a get`);
        await setProject(ctx, rec);
        return {};
      }
      return { [table]: getProjects(ctx, rec, many, table === 'projects', opts) };
    }
    case 'accounts': {
      for (const k of Object.keys(rec)) {
        if (!ACCOUNT_FIELDS.has(k)) {
          throw new ApiError(
            isGet
              ? messages.getNotAllowed(`accounts.${k}`)
              : messages.changeNotAllowed(`accounts.${k}`),
          );
        }
      }
      if (!isGet) {
        setAccount(ctx, rec);
        return {};
      }
      const account = ctx.store.getAccount(ctx.accountId);
      const stored = {
        account_id: ctx.accountId,
        editor_settings: { ...DEFAULT_EDITOR_SETTINGS, ...(account?.editor_settings ?? {}) },
      };
      // account_id is forced to the caller's own.
      const filled = fill(
        { ...rec, ...('account_id' in rec ? { account_id: null } : {}) },
        stored,
      ) as Obj;
      return { accounts: many ? [filled] : filled };
    }
    case 'public_paths': {
      for (const k of Object.keys(rec)) {
        if (!PUBLIC_PATH_FIELDS.has(k)) {
          throw new ApiError(
            isGet
              ? messages.getNotAllowed(`public_paths.${k}`)
              : messages.changeNotAllowed(`public_paths.${k}`),
          );
        }
      }
      const projectId = rec.project_id;
      if (typeof projectId !== 'string') {
        throw new ApiError(messages.mustBeSpecified('public_paths.project_id'));
      }
      const project = ctx.store.getProject(projectId);
      if (!isGet) {
        if (many) throw new ApiError('query.public_paths in array form can only be a get');
        if (!canAccess(project, ctx.accountId)) throw new ApiError(messages.noWriteAccess);
        setPublicPath(ctx, projectId, rec);
        return {};
      }
      if (!canAccess(project, ctx.accountId)) throw new ApiError(messages.noReadAccess);
      let rows = ctx.store.listPublicPaths(projectId).filter((r) => matches(rec, r));
      rows = applyOrder(rows, opts);
      const filled = rows.map((r) => fill(rec, r));
      return { public_paths: many ? filled : (filled[0] ?? null) };
    }
    default:
      throw new ApiError(`table '${table}' does not exist`);
  }
}

function applyOrder<T extends object>(rows: T[], opts: Options): T[] {
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
  opts: Options,
): Json {
  for (const k of Object.keys(rec)) {
    if (!PROJECT_GET_FIELDS.has(k)) throw new ApiError(messages.getNotAllowed(`projects.${k}`));
  }
  let candidates: StoredProject[];
  if (typeof rec.project_id === 'string') {
    const p = ctx.store.getProject(rec.project_id);
    if (!canAccess(p, ctx.accountId)) throw new ApiError(messages.noReadAccess);
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

function checkUsers(users: Json): Record<string, Obj> {
  if (!isObj(users)) throw new ApiError('projects.users must be an object');
  for (const [id, entry] of Object.entries(users)) {
    if (!UUID.test(id)) throw new ApiError(`projects.users key '${id}' must be an account UUID`);
    if (!isObj(entry)) throw new ApiError(`projects.users.${id} must be an object`);
    for (const [k, v] of Object.entries(entry)) {
      const field = `projects.users.${id}.${k}`;
      if (k === 'group') {
        if (v !== 'owner' && v !== 'collaborator') {
          throw new ApiError(`${field} must be 'owner' or 'collaborator'`);
        }
      } else if (k === 'hide') {
        if (typeof v !== 'boolean') throw new ApiError(`${field} must be a boolean`);
      } else if (k === 'upgrades') {
        if (!isObj(v)) throw new ApiError(`${field} must be an object`);
        for (const [u, n] of Object.entries(v)) {
          if (!(UPGRADE_FIELDS as readonly string[]).includes(u)) {
            throw new ApiError(messages.changeNotAllowed(`${field}.${u}`));
          }
          if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) {
            throw new ApiError(`${field}.${u} must be a non-negative number`);
          }
        }
      } else {
        throw new ApiError(messages.changeNotAllowed(field));
      }
    }
  }
  return users as Record<string, Obj>;
}

const NUMERIC_UPGRADES = ['disk_quota', 'cores', 'memory', 'mintime', 'cpu_shares'] as const;
const SWITCH_UPGRADES = ['network', 'member_host'] as const;

/**
 * The hosted API's rules for a set of `users`: only the owner adds users or changes
 * groups and `hide` of others; every id names an existing account; a user changes only
 * their own `upgrades`, and only within their account's allowance summed over all their
 * projects (switches like `network` only when the allowance has them).
 */
function checkUserChanges(
  ctx: QueryContext,
  project: StoredProject,
  users: Record<string, Obj>,
): void {
  const isOwner = groupOf(project, ctx.accountId) === 'owner';
  for (const [id, entry] of Object.entries(users)) {
    if (project.users[id] === undefined && ctx.store.getAccount(id) === undefined) {
      throw new ApiError(`projects.users key '${id}' names no account`);
    }
    for (const k of Object.keys(entry)) {
      if (k === 'upgrades') {
        if (id !== ctx.accountId) {
          throw new ApiError(`user '${ctx.accountId}' tried to change user '${id}' allocation`);
        }
      } else if (!isOwner && !(id === ctx.accountId && k === 'hide')) {
        throw new ApiError(
          `only the project's owner can change projects.users.${id}.${k} (you are a collaborator)`,
        );
      }
    }
  }
  const mine = users[ctx.accountId]?.upgrades;
  if (!isObj(mine)) return;
  const allowance = ctx.store.getAccount(ctx.accountId)?.allowance ?? {};
  const elsewhere = ctx.store
    .listProjectsOf(ctx.accountId)
    .filter((p) => p.project_id !== project.project_id);
  const current = project.users[ctx.accountId]?.upgrades ?? {};
  for (const k of NUMERIC_UPGRADES) {
    const wanted = typeof mine[k] === 'number' ? mine[k] : (current[k] ?? 0);
    if (mine[k] === undefined || wanted === 0) continue;
    const used = elsewhere.reduce((n, p) => n + (p.users[ctx.accountId]?.upgrades?.[k] ?? 0), 0);
    const own = allowance[k] ?? 0;
    if (used + wanted > own) {
      throw new ApiError(
        `projects.users.${ctx.accountId}.upgrades.${k}: ${wanted} is more than your account can grant (allowance ${own}, ${used} given to your other projects)`,
      );
    }
  }
  for (const k of SWITCH_UPGRADES) {
    const v = mine[k];
    if (typeof v === 'number' && v > 0 && (allowance[k] ?? 0) <= 0) {
      throw new ApiError(
        `projects.users.${ctx.accountId}.upgrades.${k}: your account's allowance does not include ${k}`,
      );
    }
  }
}

async function setProject(ctx: QueryContext, rec: Obj): Promise<void> {
  for (const k of Object.keys(rec)) {
    if (!PROJECT_SET_FIELDS.has(k)) throw new ApiError(messages.changeNotAllowed(`projects.${k}`));
  }
  const projectId = rec.project_id;
  if (typeof projectId !== 'string')
    throw new ApiError(messages.mustBeSpecified('projects.project_id'));
  const project = ctx.store.getProject(projectId);
  if (!canAccess(project, ctx.accountId)) throw new ApiError(messages.noWriteAccess);
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
      throw new ApiError(messages.actionNotImplemented(a.action));
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

function setAccount(ctx: QueryContext, rec: Obj): void {
  if (!('editor_settings' in rec)) return;
  const s = rec.editor_settings;
  if (!isObj(s)) throw new ApiError('accounts.editor_settings must be an object');
  for (const [k, v] of Object.entries(s)) {
    const type = EDITOR_SETTING_TYPES[k as keyof EditorSettings] as string | undefined;
    const field = `accounts.editor_settings.${k}`;
    if (type === undefined) throw new ApiError(messages.changeNotAllowed(field));
    const ok =
      type === 'boolean'
        ? typeof v === 'boolean'
        : type === 'integer'
          ? typeof v === 'number' && Number.isInteger(v)
          : typeof v === 'string';
    if (!ok)
      throw new ApiError(`${field} must be ${type === 'integer' ? 'an integer' : `a ${type}`}`);
  }
  const account = ctx.store.getAccount(ctx.accountId);
  ctx.store.setEditorSettings(ctx.accountId, merge((account?.editor_settings ?? {}) as Obj, s));
}

function setPublicPath(ctx: QueryContext, projectId: string, rec: Obj): void {
  const path = rec.path;
  if (typeof path !== 'string') throw new ApiError(messages.mustBeSpecified('public_paths.path'));
  const n = normalize(path);
  if (isAbsolute(path) || n === '..' || n.startsWith('../')) {
    throw new ApiError(`public_paths.path '${path}' must be a path inside the project`);
  }
  for (const k of Object.keys(rec)) {
    if (k === 'id' || k === 'created' || k === 'last_edited') {
      throw new ApiError(messages.changeNotAllowed(`public_paths.${k}`));
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
