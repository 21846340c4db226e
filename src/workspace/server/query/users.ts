import { v1Errors, UPGRADE_FIELDS } from '../../wire/index.js';
import { ApiError } from '../api-error.js';
import type { StoredProject } from '../store.js';
import { groupOf, type QueryContext } from './context.js';
import { isObj, type Json, type Obj } from './values.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks the shape of a set of `projects.users`: account UUIDs to entries of `group`,
 * `hide` and `upgrades`, each of its type; an error names the field.
 *
 * @example
 * ```ts
 * const users = checkUsers(rec.users); // or throws "projects.users.<id>.group must be …"
 * ```
 */
export function checkUsers(users: Json): Record<string, Obj> {
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
            throw new ApiError(v1Errors.changeNotAllowed.text(`${field}.${u}`));
          }
          if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) {
            throw new ApiError(`${field}.${u} must be a non-negative number`);
          }
        }
      } else {
        throw new ApiError(v1Errors.changeNotAllowed.text(field));
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
 *
 * @example
 * ```ts
 * checkUserChanges(ctx, project, checkUsers(rec.users));
 * ```
 */
export function checkUserChanges(
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
