import {
  v1Errors,
  DEFAULT_EDITOR_SETTINGS,
  EDITOR_SETTING_TYPES,
  type EditorSettings,
} from '../../wire/index.js';
import { ApiError } from '../api-error.js';
import type { QueryContext, TableQuery } from './context.js';
import { checkFields, fill, isObj, merge, type Obj } from './values.js';

const ACCOUNT_FIELDS = new Set(['account_id', 'editor_settings']);

/**
 * Runs a query of `accounts`: always the caller's own account, its editor settings with
 * the defaults filled in; a set merges editor settings, each checked against its type.
 *
 * @example
 * ```ts
 * queryAccounts(ctx, { table: 'accounts', rec: { account_id: null }, many: false, isGet: true, opts: {} });
 * ```
 */
export function queryAccounts(ctx: QueryContext, q: TableQuery): Obj {
  const { rec, many, isGet } = q;
  checkFields('accounts', rec, ACCOUNT_FIELDS, isGet);
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

function setAccount(ctx: QueryContext, rec: Obj): void {
  if (!('editor_settings' in rec)) return;
  const s = rec.editor_settings;
  if (!isObj(s)) throw new ApiError('accounts.editor_settings must be an object');
  for (const [k, v] of Object.entries(s)) {
    const type = EDITOR_SETTING_TYPES[k as keyof EditorSettings] as string | undefined;
    const field = `accounts.editor_settings.${k}`;
    if (type === undefined) throw new ApiError(v1Errors.changeNotAllowed.text(field));
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
